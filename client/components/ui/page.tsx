import { Box, Breadcrumb, Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export type Crumb = { label: string; to?: string }

/**
 * The frame of a screen inside a layout: breadcrumbs (from the start page), its title (the document
 * title follows the route) and content.
 */
export function Page({ title, subtitle, breadcrumbs, children }: { title: string; subtitle?: string; breadcrumbs?: Crumb[]; children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Stack gap="6">
      <Box>
        {breadcrumbs ? (
          <Breadcrumb.Root size="sm" mb="2" aria-label={t('app.breadcrumbs')}>
            <Breadcrumb.List flexWrap="wrap" rowGap="1">
              <Breadcrumb.Item whiteSpace="nowrap">
                <Breadcrumb.Link asChild>
                  <Link to="/start">{t('routes.start')}</Link>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
              {breadcrumbs.map((c) => (
                <Breadcrumb.Item key={c.label} whiteSpace="nowrap">
                  <Breadcrumb.Separator />
                  {c.to ? (
                    <Breadcrumb.Link asChild>
                      <Link to={c.to}>{c.label}</Link>
                    </Breadcrumb.Link>
                  ) : (
                    <Text as="span">{c.label}</Text>
                  )}
                </Breadcrumb.Item>
              ))}
              <Breadcrumb.Item whiteSpace="nowrap">
                <Breadcrumb.Separator />
                <Breadcrumb.CurrentLink>{title}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </Breadcrumb.List>
          </Breadcrumb.Root>
        ) : null}
        <Heading as="h1" size="2xl" lineHeight="short">
          {title}
        </Heading>
        {subtitle ? (
          <Text color="fg.muted" mt="1">
            {subtitle}
          </Text>
        ) : null}
      </Box>
      {children}
    </Stack>
  )
}
