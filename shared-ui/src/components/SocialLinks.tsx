import { ActionIcon, Group } from '@mantine/core';
import { IconBrandGithub, IconBrandInstagram, IconBrandLinkedin, IconBrandX } from '@tabler/icons-react';

const SOCIAL = [
  { label: 'Instagram', href: 'https://www.instagram.com/', icon: IconBrandInstagram },
  { label: 'Twitter', href: 'https://twitter.com/', icon: IconBrandX },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/', icon: IconBrandLinkedin },
  { label: 'GitHub', href: 'https://github.com/', icon: IconBrandGithub },
];

/** CityQuest's social profiles (footer and contact page). */
export function SocialLinks() {
  return (
    <Group gap="xs">
      {SOCIAL.map(({ label, href, icon: Icon }) => (
        <ActionIcon
          key={label}
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          size="lg"
          aria-label={label}
        >
          <Icon size={18} aria-hidden="true" />
        </ActionIcon>
      ))}
    </Group>
  );
}
