import { IconCompass } from '@tabler/icons-react';
import { fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { BadgeTierChip, BadgeTile } from './BadgeTile.tsx';
import { EmptyState } from './EmptyState.tsx';
import { ErrorState } from './ErrorState.tsx';
import { FullPageLoader } from './FullPageLoader.tsx';
import { IconCard } from './IconCard.tsx';
import { Logo } from './Logo.tsx';
import { PasswordStrength } from './PasswordStrength.tsx';
import { QuestCard } from './QuestCard.tsx';
import { SocialLinks } from './SocialLinks.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { UserAvatarMenu } from './UserAvatarMenu.tsx';
import { XpLevelIndicator } from './XpLevelIndicator.tsx';

/** Serious and critical axe findings in a rendered container; jsdom cannot lay out, so contrast is left to e2e. */
async function seriousViolations(container: Element) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

const cases: [string, ReactElement][] = [
  ['BadgeTile', <BadgeTile key="b" name="Street Muralist" tier="Rare" tierLabel="Rare" imageUrl={null} />],
  ['BadgeTile (locked)', <BadgeTile key="l" name="Fresco Master" tier="Legendary" locked />],
  ['BadgeTierChip', <BadgeTierChip key="c" tier="Epic" label="Epic" />],
  ['EmptyState', <EmptyState key="e" title="No quests found" description="Try another filter." />],
  ['ErrorState', <ErrorState key="r" title="Failed to fetch quests" message="Timeout" onRetry={() => {}} />],
  ['FullPageLoader', <FullPageLoader key="f" />],
  ['IconCard', <IconCard key="i" icon={IconCompass} title="Find Unique Quests" body="Walk the city." />],
  ['Logo', <Logo key="o" />],
  [
    'QuestCard',
    <QuestCard
      key="q"
      title="Forts of Jaipur"
      category="History"
      difficulty="Medium"
      xpLabel="150 XP"
      rating={4.5}
      ratingLabel="Rated 4.5 out of 5"
      city="Jaipur"
      onClick={() => {}}
    />,
  ],
  ['PasswordStrength', <PasswordStrength key="p" score={1} label="Weak password: add another word or two" />],
  ['SocialLinks', <SocialLinks key="s" />],
  ['StatusBadge', <StatusBadge key="t" status="pending" />],
  ['XpLevelIndicator', <XpLevelIndicator key="x" level={3} currentXP={120} nextLevelXP={500} />],
];

describe('shared-ui components have no serious or critical axe violations', () => {
  it.each(cases)('%s', async (_name, ui) => {
    const { container } = renderWithTheme(<main>{ui}</main>);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('UserAvatarMenu, closed and open', async () => {
    const { baseElement } = renderWithTheme(
      <main>
        <UserAvatarMenu
          name="Asha Verma"
          items={[
            { id: 'profile', label: 'View Profile', component: 'a', itemProps: { href: '/profile' } },
            { id: 'logout', label: 'Logout', onClick: () => {} },
          ]}
        />
      </main>,
    );
    expect(await seriousViolations(baseElement)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(await seriousViolations(baseElement)).toEqual([]);
  });
});
