import { ok, type DvsActionHandler } from '../context';
import { searchUsers as search } from '../domain/users';

export const searchUsers: DvsActionHandler = (ctx) => ok(search(ctx, ctx.params));
