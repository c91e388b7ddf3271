export {
  BadgeTierChip,
  BadgeTile,
  type BadgeTileProps,
  DEFAULT_BADGE_IMAGE,
} from './components/BadgeTile.tsx';
export { EmptyState } from './components/EmptyState.tsx';
export { ErrorState } from './components/ErrorState.tsx';
export { FullPageLoader } from './components/FullPageLoader.tsx';
export { IconCard } from './components/IconCard.tsx';
export { Logo } from './components/Logo.tsx';
export { ModalsHost, withModals } from './components/ModalsHost.tsx';
export { PasswordStrength } from './components/PasswordStrength.tsx';
export { PhotoField, type PhotoFieldProps } from './components/PhotoField.tsx';
export { DEFAULT_QUEST_IMAGE, QuestCard, type QuestCardProps } from './components/QuestCard.tsx';
export { SearchField } from './components/SearchField.tsx';
export { Section } from './components/Section.tsx';
export { SocialLinks } from './components/SocialLinks.tsx';
export { Stat } from './components/Stat.tsx';
export { StatusBadge } from './components/StatusBadge.tsx';
export { RecoveryCodesPanel } from './components/two-factor/RecoveryCodesPanel.tsx';
export {
  SecondFactorForm,
  type SecondFactorFormLabels,
} from './components/two-factor/SecondFactorForm.tsx';
export { TwoFactorSetupPanel } from './components/two-factor/TwoFactorSetupPanel.tsx';
export {
  UserAvatarMenu,
  type UserAvatarMenuItem,
} from './components/UserAvatarMenu.tsx';
export { XpLevelIndicator } from './components/XpLevelIndicator.tsx';
export { LazyQuestMap } from './map/LazyQuestMap.tsx';
export type { MapBounds, MapPoint, MapQuest } from './map/QuestMap.tsx';
export { relativeTime } from './relative-time.ts';
export { oneOf, pageParam, textParam } from './search-params.ts';
export { shownTotal } from './shown-total.ts';
export { accessibleColors, cityQuestTheme, superAdminTheme } from './theme.ts';
