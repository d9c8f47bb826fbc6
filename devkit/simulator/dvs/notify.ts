import type { DvsActor } from './domain/types';
import type { DvsDocument, DvsNotification, DvsNotificationKind } from './types';

/** Creator, responsible and followers of a task, without the actor and inactive accounts. */
function taskUsers(ctx: DvsActor, task: DvsDocument): number[] {
	const followers = Array.isArray(task.values.followers) ? task.values.followers : [];
	const responsible = typeof task.values.responsible === 'number' ? [task.values.responsible] : [];
	const ids = new Set([task.creatorId, ...responsible, ...followers]);
	ids.delete(ctx.account.id);
	return [...ids].filter((id) => ctx.deps.accounts.get(id)?.active === true);
}

export function notifyChange(
	ctx: DvsActor,
	kind: Exclude<DvsNotificationKind, 'mention'>,
	doc: DvsDocument,
	extra: Pick<DvsNotification, 'commentId' | 'fileHash'> = {},
): void {
	const isTask = doc.section === 'task';
	const contacts =
		isTask && kind !== 'comment' && Array.isArray(doc.values.ext_notif_receiver) ? doc.values.ext_notif_receiver : [];
	ctx.deps.store.notify({
		kind,
		orgId: doc.orgId,
		section: doc.section,
		documentId: doc.id,
		actorId: ctx.account.id,
		userIds: isTask ? taskUsers(ctx, doc) : [],
		contactIds: [...contacts],
		at: ctx.now(),
		...extra,
	});
}
