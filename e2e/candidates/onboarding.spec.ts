import { devices, expect, test, type Page } from '@playwright/test'
import { Client, EqualityFilter } from 'ldapts'
import { PORT } from '../../playwright.config'
import { LDAP_ADMIN, LDAP_PASSWORD, LDAP_PEOPLE, slapdAvailable, startSlapd } from '../../server/test/slapd'
import { screen, seriousFindings, signIn } from '../fixtures'
import { OwnServer } from '../own-server'

/**
 * Recruiting end to end (issue 44, decision 070), on a server of its own with a real OpenLDAP directory: a recruiter
 * adds a candidate and triggers preonboarding; the candidate fills in their details from the mailed link on a phone;
 * the recruiter sends the work contract; the candidate signs it on the phone; the recruiter creates the accounts (the
 * LDAP entry and the local seller); the new seller signs in.
 */
test('a recruiter takes a candidate from the first e-mail to a seller who signs in', async ({ browser }) => {
  test.skip(!slapdAvailable(), 'slapd is not installed (npm run setup)')
  test.setTimeout(240_000)
  const slapd = await startSlapd()
  const server = new OwnServer(PORT + 22, {
    LDAP_URL: slapd.url,
    LDAP_BIND_DN: LDAP_ADMIN,
    LDAP_BIND_PASSWORD: LDAP_PASSWORD,
    LDAP_USERS_DN: LDAP_PEOPLE,
    LDAP_DOMAIN: 'saljkraft.test',
  })
  await server.start()
  const email = `linnea.${Date.now()}@example.test`
  /** The newest link of a kind mailed to the candidate (the server keeps its mail: no SMTP here). */
  const mailedLink = async (sign: boolean) => {
    let link: string | undefined
    await expect(async () => {
      const rows = server.query<{ text: string }>('select text from mail_outbox where "to" = ? order by created_at desc', email)
      link = rows.map((r) => new RegExp(`https?://\\S+/candidate/[A-Za-z0-9_-]{43}${sign ? '/sign' : '(?=\\s|$)'}`).exec(r.text)?.[0]).find(Boolean)
      expect(link).toBeTruthy()
    }).toPass()
    return new URL(link!).pathname
  }
  const phone = () => browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, baseURL: server.url, locale: 'sv-SE' })
  const step = (page: Page, name: string) => page.getByTestId(`step-${name}`)
  try {
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.url, locale: 'sv-SE' })
    const recruiter = await desk.newPage()
    await recruiter.goto('/login')
    await signIn(recruiter, 'recruiter@demo.test')
    // The recruiter's home is the candidate list.
    await expect(recruiter).toHaveURL(/\/backoffice\/onboarding\/candidates$/)
    await expect(recruiter.getByRole('row').filter({ hasText: 'Elsa Åkesson' })).toBeVisible()
    await screen(recruiter, 'candidates-list', { fullPage: true })

    await recruiter.getByTestId('candidate-add').click()
    const dialog = recruiter.getByTestId('candidate-dialog')
    await dialog.getByLabel(/^Förnamn/).fill('Linnéa')
    await dialog.getByLabel(/^Efternamn/).fill('Ström')
    await dialog.getByLabel(/^E-post/).fill(email)
    await dialog.getByLabel(/^Telefon/).fill('070-123 45 67')
    await dialog.getByLabel(/^Startdatum/).fill('2027-01-11')
    await dialog.getByRole('button', { name: 'Spara' }).click()
    await expect(recruiter.getByRole('heading', { level: 1, name: 'Linnéa Ström' })).toBeVisible()

    // 1. Preonboarding, after the spec's question.
    await step(recruiter, 'preonboarding').getByRole('button', { name: 'Starta förintroduktion' }).click()
    await expect(recruiter.getByRole('alertdialog')).toContainText('Vill du starta förintroduktionen för Linnéa Ström?')
    await recruiter.getByRole('alertdialog').getByRole('button', { name: 'Fortsätt' }).click()
    await expect(recruiter.getByTestId('step-preonboarding-status')).toHaveText('Väntar på kandidaten')
    await expect(step(recruiter, 'work_contract')).toContainText('Kandidaten har inte fyllt i sina uppgifter ännu')
    await screen(recruiter, 'candidate-page', { fullPage: true })

    // The candidate, on a phone, from the link.
    const candidate = await (await phone()).newPage()
    await candidate.goto(await mailedLink(false))
    await expect(candidate.getByRole('heading', { level: 1 })).toHaveText('Välkommen, Linnéa!')
    await candidate.getByTestId('candidate-own-submit').click()
    await expect(candidate.getByText('Fältet är obligatoriskt').first()).toBeVisible()
    await candidate.getByRole('textbox', { name: /^Gatuadress/ }).fill('Sveavägen 44')
    await candidate.getByRole('textbox', { name: /^Postnummer/ }).fill('113 59')
    await candidate.getByRole('textbox', { name: /^Ort/ }).fill('Stockholm')
    await candidate.getByRole('textbox', { name: /^Telefon/ }).fill('070-123 45 67')
    await candidate.getByRole('textbox', { name: /^Personnummer/ }).fill('19811218-9875')
    await candidate.getByRole('textbox', { name: /^Clearingnummer/ }).fill('6789')
    await candidate.getByRole('textbox', { name: /^Kontonummer/ }).fill('123456789')
    await candidate.getByLabel(/^T-shirtstorlek/).selectOption('M')
    await candidate.getByTestId('candidate-own-submit').click()
    await expect(candidate.getByText('Ogiltigt personnummer eller finsk personbeteckning (kontrollsiffran stämmer inte)')).toBeVisible()
    await candidate.getByRole('textbox', { name: /^Personnummer/ }).fill('19811218-9876')
    await screen(candidate, 'candidate-own-phone', { fullPage: true })
    expect(await seriousFindings(candidate)).toEqual([])
    await candidate.getByTestId('candidate-own-submit').click()
    await expect(candidate.getByTestId('candidate-own-thanks')).toBeVisible()

    // 2. The work contract.
    await recruiter.reload()
    await expect(recruiter.getByTestId('step-preonboarding-status')).toHaveText('Klart')
    await expect(recruiter.getByTestId('candidate-private')).toContainText('19811218-****')
    await step(recruiter, 'work_contract').getByRole('button', { name: 'Skapa anställningsavtal' }).click()
    await recruiter.getByRole('alertdialog').getByRole('button', { name: 'Fortsätt' }).click()
    await expect(recruiter.getByTestId('step-work_contract-status')).toHaveText('Väntar på kandidaten')
    await expect(recruiter.getByTestId('candidate-contracts')).toContainText('Väntar på signering')

    // The candidate signs it on the phone: their name, a signature drawn with a finger, their agreement.
    await candidate.goto(await mailedLink(true))
    await expect(candidate.getByRole('heading', { level: 1 })).toHaveText('Ditt anställningsavtal')
    await candidate.getByTestId('candidate-sign-name').fill('Linnéa Ström')
    const pad = await candidate.getByTestId('candidate-sign-pad').boundingBox()
    await candidate.mouse.move(pad!.x + 20, pad!.y + pad!.height * 0.7)
    await candidate.mouse.down()
    for (let i = 1; i <= 10; i++) await candidate.mouse.move(pad!.x + 20 + i * 25, pad!.y + pad!.height * (0.7 - (i % 3) * 0.15))
    await candidate.mouse.up()
    await candidate.getByTestId('candidate-sign-agree').click()
    await screen(candidate, 'candidate-sign-phone', { fullPage: true })
    expect(await seriousFindings(candidate)).toEqual([])
    await candidate.getByTestId('candidate-sign-submit').click()
    await expect(candidate.getByTestId('candidate-signed')).toContainText(/[0-9a-f]{64}/)

    // 3. The education contract, signed without a drag (WCAG 2.2, 2.5.7): the typed name written in the pad.
    await recruiter.reload()
    await expect(recruiter.getByTestId('step-work_contract-status')).toHaveText('Klart')
    await step(recruiter, 'education_contract').getByRole('button', { name: 'Skapa utbildningsavtal' }).click()
    await recruiter.getByRole('alertdialog').getByRole('button', { name: 'Fortsätt' }).click()
    await expect(recruiter.getByTestId('step-education_contract-status')).toHaveText('Väntar på kandidaten')
    await candidate.goto(await mailedLink(true))
    await expect(candidate.getByRole('heading', { level: 1 })).toHaveText('Ditt utbildningsavtal')
    await expect(candidate.getByTestId('candidate-sign-pad-name')).toBeDisabled()
    await candidate.getByTestId('candidate-sign-name').fill('Linnéa Ström')
    await candidate.getByTestId('candidate-sign-pad-name').click()
    await candidate.getByTestId('candidate-sign-agree').click()
    await screen(candidate, 'candidate-sign-typed-phone', { fullPage: true })
    await candidate.getByTestId('candidate-sign-submit').click()
    await expect(candidate.getByTestId('candidate-signed')).toContainText(/[0-9a-f]{64}/)

    // 4. The accounts, after the spec's question: the LDAP entry and the local seller.
    await recruiter.reload()
    await expect(recruiter.getByTestId('step-education_contract-status')).toHaveText('Klart')
    await step(recruiter, 'accounts').getByRole('button', { name: 'Skapa konton' }).click()
    const accounts = recruiter.getByTestId('candidate-accounts')
    await expect(accounts).toContainText('Det här skapar både ett lokalt användarkonto och ett Azure-konto för kandidaten. Fortsätt?')
    await accounts.getByRole('button', { name: 'Fortsätt' }).click()
    const password = (await recruiter.getByTestId('candidate-password-value').textContent())!.trim()
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/)
    await recruiter.getByTestId('candidate-password').getByRole('button', { name: 'Klart' }).click()
    await expect(recruiter.getByTestId('step-accounts-status')).toHaveText('Klart')
    await expect(step(recruiter, 'accounts')).toContainText('Katalogkonto: linnea.strom@saljkraft.test')
    await screen(recruiter, 'candidate-page-done', { fullPage: true })

    const ldap = new Client({ url: slapd.url })
    await ldap.bind(LDAP_ADMIN, LDAP_PASSWORD)
    const found = await ldap.search(LDAP_PEOPLE, { scope: 'one', filter: new EqualityFilter({ attribute: 'uid', value: 'linnea.strom' }) })
    expect(found.searchEntries).toHaveLength(1)
    await ldap.unbind()

    // The new seller signs in with the temporary password and, before anything else, chooses their own
    // (decision 082): the one the recruiter saw is refused as the new one, and stops working once replaced; then
    // they accept the terms of use.
    const seller = await (await phone()).newPage()
    await seller.goto('/login')
    await seller.getByLabel(/^E-post/).fill(email)
    await seller.getByLabel(/^Lösenord/).fill(password)
    await seller.getByRole('button', { name: 'Logga in', exact: true }).click()
    const gate = seller.getByTestId('password-gate')
    await expect(gate.getByRole('heading', { name: 'Välj ditt eget lösenord' })).toBeVisible()
    await screen(seller, 'first-password-phone')
    await gate.getByLabel(/^Lösenordet du fick/).fill(password)
    await gate.getByLabel(/^Nytt lösenord/).fill(password)
    await gate.getByLabel(/^Upprepa det nya lösenordet/).fill(password)
    await gate.getByRole('button', { name: 'Spara och fortsätt' }).click()
    await expect(gate.getByText('Det nya lösenordet måste skilja sig från det nuvarande')).toBeVisible()
    const own = 'Linneas-eget-2026'
    await gate.getByLabel(/^Nytt lösenord/).fill(own)
    await gate.getByLabel(/^Upprepa det nya lösenordet/).fill(own)
    await gate.getByRole('button', { name: 'Spara och fortsätt' }).click()
    await expect(gate).toBeHidden()
    // Then the organisation's terms of use in force (the demo's, issue 70), as for anyone new.
    const terms = seller.getByTestId('terms-gate')
    await expect(terms.getByTestId('terms-text')).toContainText('Användarvillkor för Säljkraft')
    await terms.getByRole('button', { name: 'Jag godkänner' }).click()
    await expect(terms).toBeHidden()
    await expect(seller).toHaveURL(/\/dashboards\/sales\/seller/)
    await expect(seller.getByRole('heading', { level: 1 })).toBeVisible()
    const tryPassword = (pw: string) => seller.request.post('/api/auth/login', { data: { email, password: pw } })
    expect((await tryPassword(password)).status()).toBe(401)
    expect((await tryPassword(own)).status()).toBe(200)
  } finally {
    await server.stop()
    await slapd.stop()
  }
})
