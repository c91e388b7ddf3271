// Kept only until explore-quest-list.tsx imports useQuestStarter from start-quest-button.tsx.
export { type QuestStarter, useQuestStarter as useStartQuest } from './start-quest-button.tsx';
