import { Logo, SocialLinks } from '@cityquest/shared-ui';
import { Anchor, Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './app-footer.module.css';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Anchor component={Link} to="/" underline="never" aria-label={t('nav.homeAria')}>
              <Logo />
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('footer.tagline')}
            </Text>
          </Stack>
          <Stack gap={6} component="nav" aria-labelledby="footer-navigate">
            <Title order={2} size="h6" id="footer-navigate">
              {t('footer.navigate')}
            </Title>
            <Anchor component={Link} to="/explore" size="sm">
              {t('nav.explore')}
            </Anchor>
            <Anchor component={Link} to="/about-us" size="sm">
              {t('footer.aboutUs')}
            </Anchor>
            <Anchor component={Link} to="/help" size="sm">
              {t('footer.help')}
            </Anchor>
          </Stack>
          <Stack gap={6} component="nav" aria-labelledby="footer-legal">
            <Title order={2} size="h6" id="footer-legal">
              {t('footer.legal')}
            </Title>
            <Anchor component={Link} to="/privacy" size="sm">
              {t('footer.privacy')}
            </Anchor>
            <Anchor component={Link} to="/terms" size="sm">
              {t('footer.terms')}
            </Anchor>
            <Anchor component={Link} to="/contact-us" size="sm">
              {t('footer.contact')}
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Title order={2} size="h6">
              {t('footer.follow')}
            </Title>
            <SocialLinks />
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xl">
          © {new Date().getFullYear()} CityQuest. {t('footer.rights')}
        </Text>
      </Container>
    </Box>
  );
}
