import { ok, type DvsActionHandler } from '../context';
import { assignableUserRefs } from '../domain/users';

export const getUsers: DvsActionHandler = (ctx) => ok({ users: assignableUserRefs(ctx, ctx.section, ctx.params) });
