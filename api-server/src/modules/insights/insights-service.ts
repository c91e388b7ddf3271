import type { Schema } from '@cityquest/contract';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { questProgress, quests, taskProofs, users } from '../../db/schema.ts';
import { CATEGORIES } from '../badges/index.ts';
import { statusStats } from '../quests/index.ts';
import { checkHealth } from '../system/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const TIMEFRAME_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;
export type Timeframe = keyof typeof TIMEFRAME_DAYS;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
const startOfUtcDay = (now: Date) => new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);

async function countUsers(ctx: AppContext, where: ReturnType<typeof and>) {
  const [row] = await ctx.db.select({ value: count() }).from(users).where(where);
  return row?.value ?? 0;
}

/** Accounts not suspended with signed-in activity since the given moment. */
const activeSince = (since: Date) =>
  and(sql`${users.accountVerified} = true`, gte(users.lastActiveAt, since));

/** Percent change of sign-ups in the last 30 days against the 30 before, one decimal (may be negative). */
export function growthPercent(recent: number, before: number): number {
  if (before === 0) return recent > 0 ? 100 : 0;
  return Math.round(((recent - before) / before) * 1000) / 10;
}

type DashboardCounters = Omit<
  Schema<'AdminDashboard'>,
  'systemHealth' | 'userManagement' | 'questManagement' | 'analytics' | 'proofVerification'
>;

/** The dashboard's counters, which count over every user, quest and proof. */
async function dashboardCounters(ctx: AppContext, now: Date): Promise<DashboardCounters> {
  const [totalUsers, activeUsers, newUsersToday, recent, before, questStats, [proofs]] = await Promise.all([
    countUsers(ctx, undefined),
    countUsers(ctx, activeSince(daysBefore(now, 30))),
    countUsers(ctx, gte(users.createdAt, startOfUtcDay(now))),
    countUsers(ctx, gte(users.createdAt, daysBefore(now, 30))),
    countUsers(ctx, and(gte(users.createdAt, daysBefore(now, 60)), lt(users.createdAt, daysBefore(now, 30)))),
    statusStats(ctx.db),
    ctx.db.select({ value: count() }).from(taskProofs).where(eq(taskProofs.status, 'submitted')),
  ]);
  return {
    asOf: now.toISOString(),
    totalUsers,
    activeUsers,
    newUsersToday,
    totalQuests: questStats.total,
    pendingQuests: questStats.pending,
    approvedQuests: questStats.approved,
    rejectedQuests: questStats.rejected,
    monthlyGrowth: growthPercent(recent, before),
    pendingProofs: proofs?.value ?? 0,
  };
}

/**
 * GET /admin/dashboard: the counters as of their last computation (shared for INSIGHTS_CACHE_MS), the database
 * check live (docs/product-rules/moderation.md#dashboard-counters).
 */
export async function dashboard(ctx: AppContext, now = new Date()): Promise<Schema<'AdminDashboard'>> {
  const [counted, systemHealth] = await Promise.all([
    ctx.insights.load('dashboard', () => dashboardCounters(ctx, now)),
    checkHealth(ctx),
  ]);
  const counters = { ...counted, systemHealth };
  const { totalUsers, activeUsers, newUsersToday } = counters;
  // The same figures flat and in their groups (docs/product-rules/api-shapes.md#admin-dashboard-shape).
  return {
    ...counters,
    userManagement: { totalUsers, activeUsers, newUsersToday },
    questManagement: {
      totalQuests: counters.totalQuests,
      pendingQuests: counters.pendingQuests,
      approvedQuests: counters.approvedQuests,
      rejectedQuests: counters.rejectedQuests,
    },
    analytics: { monthlyGrowth: counters.monthlyGrowth },
    proofVerification: { pendingProofs: counters.pendingProofs },
  };
}

/**
 * GET /admin/analytics: active users over 1, 7 and 30 days; completions, xp and categories over the timeframe;
 * shared for INSIGHTS_CACHE_MS per timeframe.
 */
export function analytics(
  ctx: AppContext,
  timeframe: Timeframe = '30d',
  now = new Date(),
): Promise<Schema<'Analytics'>> {
  return ctx.insights.load(`analytics:${timeframe}`, () => computeAnalytics(ctx, timeframe, now));
}

async function computeAnalytics(
  ctx: AppContext,
  timeframe: Timeframe,
  now: Date,
): Promise<Schema<'Analytics'>> {
  const since = daysBefore(now, TIMEFRAME_DAYS[timeframe]);
  const completedSince = and(eq(questProgress.status, 'completed'), gte(questProgress.completedAt, since));
  const [daily, weekly, monthly, [totals], byCategory] = await Promise.all([
    countUsers(ctx, activeSince(daysBefore(now, 1))),
    countUsers(ctx, activeSince(daysBefore(now, 7))),
    countUsers(ctx, activeSince(daysBefore(now, 30))),
    ctx.db
      .select({
        completions: count(),
        xp: sql<number>`coalesce(sum(${questProgress.xpAwarded}), 0)`.mapWith(Number),
      })
      .from(questProgress)
      .where(completedSince),
    ctx.db
      .select({ category: quests.category, completions: count() })
      .from(questProgress)
      .innerJoin(quests, eq(quests.id, questProgress.questId))
      .where(completedSince)
      .groupBy(quests.category)
      .orderBy(desc(count())),
  ]);
  const completionsOf = new Map(byCategory.map((row) => [row.category, row.completions]));
  const popularCategories = CATEGORIES.map((category) => ({
    category,
    completions: completionsOf.get(category) ?? 0,
  })).sort((a, b) => b.completions - a.completions);
  return {
    asOf: now.toISOString(),
    timeframe,
    dailyActiveUsers: daily,
    weeklyActiveUsers: weekly,
    monthlyActiveUsers: monthly,
    totalQuestsCompleted: totals?.completions ?? 0,
    totalXPAwarded: totals?.xp ?? 0,
    popularCategories,
  };
}
