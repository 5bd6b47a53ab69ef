import { useLocation, useNavigate, useNavigation } from 'react-router'
import { LoginForm } from '../components/login-form'

/**
 * The login as a screen of the router (reached within the app: signed out, a session that ended). The form
 * itself does not know the router, so the login opened first can be drawn before the router has loaded
 * (client/app/standalone-login.tsx, docs/decisions/087).
 */
export default function LoginPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const navigation = useNavigation()
  return <LoginForm search={location.search} navigate={(to) => navigate(to, { replace: true })} navigating={navigation.state !== 'idle'} />
}
