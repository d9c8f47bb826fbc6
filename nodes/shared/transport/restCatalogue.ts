import { DVS } from './catalogue/dvs';
import { rowsOf, type RestAction } from './catalogue/rows';
import { STORAGE } from './catalogue/storage';

export type { RestAction, RestApi, StatusHints } from './catalogue/rows';

/**
 * Every REST action of the storage API and the DVS API, one row each, under its entry's key in the catalogue
 * (catalogue/storage.ts, catalogue/dvs.ts). Transport and adapters read these rows; nothing else names an action.
 */
export const REST = { ...rowsOf(STORAGE, 'rest'), ...rowsOf(DVS, 'rest') };

/** Every row of the catalogue. */
export const REST_ACTIONS: readonly RestAction[] = Object.values(REST);
