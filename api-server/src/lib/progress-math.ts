import type { ProofStatus } from '../db/schema.ts';

export type ProofState = { taskOrder: number; status: ProofStatus };

/**
 * Orders of the tasks whose proof is submitted and not rejected, ascending
 * (docs/product-rules/progress-and-xp.md#progress).
 */
export function completedTaskOrders(proofs: readonly ProofState[], totalTasks: number): number[] {
  return proofs
    .filter((proof) => proof.status !== 'rejected' && proof.taskOrder <= totalTasks)
    .map((proof) => proof.taskOrder)
    .sort((a, b) => a - b);
}

/** Ids of the completed tasks (completedTaskOrders mapped through the quest's task ids, in task order). */
export function completedTaskIds(proofs: readonly ProofState[], taskIds: readonly string[]): string[] {
  return completedTaskOrders(proofs, taskIds.length).flatMap((order) => taskIds[order - 1] ?? []);
}

/** round(100 x completed / total), clamped to 0..100. */
export function progressPercent(completed: number, totalTasks: number): number {
  const percent = Math.round((100 * completed) / Math.max(1, totalTasks));
  return Math.min(100, Math.max(0, percent));
}

/** Every task 1..total has an approved proof. */
export function allTasksApproved(proofs: readonly ProofState[], totalTasks: number): boolean {
  const approved = new Set(
    proofs.filter((proof) => proof.status === 'approved').map((proof) => proof.taskOrder),
  );
  for (let order = 1; order <= totalTasks; order++) if (!approved.has(order)) return false;
  return totalTasks > 0;
}
