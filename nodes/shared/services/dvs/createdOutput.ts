import type { IDataObject } from 'n8n-workflow';

import type { DvsFilters, DvsRegister, DvsWriteResult } from '../../adapters/dvs/port';
import type { DvsReader } from './readBack';
import { READ_BACK_PAGE, refId } from './createdDocuments';

/*
 * What a create outputs where the API answers the ID alone (the DVS API's create_document): the document as
 * get_document shows it, built for most creates of a run from one get_documents listing instead of a get_document
 * each. The DVS API: a listing shows every field of a document except the html fields, and get_document adds
 * `upload_hash` to a task (null while it has no attachment). So a create that sent no html field is its listed
 * document with its html fields as the service fills them for a create that sends none, and a null `upload_hash`,
 * in get_document's order of fields: all of which one get_document of a create of the run that sent no html field
 * shows (its pattern, taken per place, and only where those html fields are empty: text there might depend on what
 * was sent). A create the listing does not show as its pattern foresees (a field listed or missing, the
 * document changed since it was made, another writer's documents in the way) is left to get_document.
 * Only the output is built here: whether a write happened is the executor's, and nothing here reads for it.
 */

/** How many documents a listing shows beyond the creates it is taken for: room for others' creates meanwhile. */
export const LISTED_BEYOND_WANTED = 10;

/** get_document's fields after a create that sent no html field, as one such create showed them. */
interface Pattern {
	/** Every field in get_document's order. */
	keys: string[];
	/** What a listing leaves out, as get_document shows it then: the html fields, and a task's `upload_hash`. */
	unlisted: IDataObject;
	/** How `date_updated` stood beside `date_created`: a document changed since it was made reads otherwise. */
	updated: Updated;
}

type Updated = 'asCreated' | 'null' | 'other';

function updatedOf(document: IDataObject): Updated {
	if (document.date_updated === null) return 'null';
	return document.date_updated === document.date_created ? 'asCreated' : 'other';
}

/** The pattern a new document's get_document shows, or undefined when it cannot stand for another create's. */
function patternOf(document: IDataObject, htmlFields: string[]): Pattern | undefined {
	const updated = updatedOf(document);
	if (updated === 'other' || ('upload_hash' in document && document.upload_hash !== null)) return undefined;
	const unlisted: IDataObject = {};
	for (const name of [...htmlFields, 'upload_hash']) if (Object.hasOwn(document, name)) unlisted[name] = document[name];
	// An html field the service filled with text (a template) might depend on what was sent: read each then.
	if (htmlFields.some((name) => unlisted[name] !== null && unlisted[name] !== '')) return undefined;
	return { keys: Object.keys(document), unlisted, updated };
}

/** A listed document as get_document shows it, by the pattern; undefined when the listing does not fit it. */
function shownAsGot(pattern: Pattern, listed: IDataObject): IDataObject | undefined {
	const listedKeys = Object.keys(listed);
	const expected = pattern.keys.filter((key) => !Object.hasOwn(pattern.unlisted, key));
	if (listedKeys.length !== expected.length || !expected.every((key) => Object.hasOwn(listed, key))) return undefined;
	if (updatedOf(listed) !== pattern.updated) return undefined;
	const document: IDataObject = {};
	for (const key of pattern.keys)
		document[key] = Object.hasOwn(pattern.unlisted, key) ? pattern.unlisted[key] : listed[key];
	return document;
}

/** A create waiting for a listing: its listed document once a listing was taken for it. */
interface Waiting {
	taken: boolean;
	listed?: IDataObject;
}

/** Where creates go (a register, a task's project): the creates answered there wait for one listing. */
interface Place {
	register: DvsRegister;
	filters?: DvsFilters;
	/** Creates begun there that neither wait for a listing nor have ended: a listing waits for them. */
	pending: number;
	/** get_document of the place's first create, as its pattern (undefined: none to go by). */
	pattern?: Promise<Pattern | undefined>;
	/** Answered creates waiting for the next listing, by ID. */
	waiting: Map<number, Waiting>;
	listing: boolean;
	/** Settles when a create ends its wait or a listing was handed out: the waiting look again. */
	changed: Promise<void>;
	change: () => void;
}

/** A create begun at its place: the next listing waits until it waits for it too, or ends. */
interface PendingCreate {
	place: Place;
	/** The create waits for the listing, or will not: the listing no longer waits for it. */
	end(): void;
}

/** A create whose own answer came, the ID alone: not settled by reading back, and showing no document. */
function answeredAlone(created: DvsWriteResult): boolean {
	return !created.reconciled && !created.earlierWrite && !created.document;
}

/** A create that failed: it waits for no listing, and its failure goes on as it is. */
function failedCreate(pending: PendingCreate, failure: unknown): never {
	pending.end();
	throw failure;
}

/**
 * Whether the place's waiting creates take a listing now: when no create of the run is still to come there (every
 * item begun, none on its way), or when one more could push a waiting create off the listing's page.
 */
function listingDue(place: Place, everyItemBegun: boolean): boolean {
	if (place.listing || place.waiting.size === 0) return false;
	const full = place.waiting.size + place.pending + LISTED_BEYOND_WANTED >= READ_BACK_PAGE;
	return full || (everyItemBegun && place.pending === 0);
}

function changed(place: Place): void {
	const change = place.change;
	place.changed = new Promise((resolve) => (place.change = resolve));
	change();
}

/**
 * The outputs of one execution's creates over an API that answers a create with its ID alone. A listing is taken by
 * one of the creates waiting for it, in its own item's run, once every create begun at the place waits.
 */
export class CreatedOutputs {
	private readonly places = new Map<string, Place>();
	private everyItemBegun = false;

	/** `everyItemBegun`: settles once the run begins no further item (a create to come may share a listing). */
	constructor(
		private readonly reader: DvsReader,
		everyItemBegun: Promise<void>,
	) {
		void everyItemBegun.then(() => {
			this.everyItemBegun = true;
			for (const place of this.places.values()) changed(place);
		});
	}

	/**
	 * A create's result with the document it made as get_document shows it, where its own answer came (a create
	 * settled by reading back, or whose answer shows the document, is handed on as it is). While it runs, the
	 * place's next listing waits for it; it waits for nothing of the others' (an earlier create's turn ends when its
	 * write is settled, before it asks for its output).
	 */
	withDocument(
		at: { key: string; register: DvsRegister; filters?: DvsFilters },
		sent: IDataObject,
		itemIndex: number,
		create: () => Promise<DvsWriteResult>,
	): Promise<DvsWriteResult> {
		const pending = this.begin(at);
		let creating: Promise<DvsWriteResult>;
		try {
			creating = create();
		} catch (error) {
			failedCreate(pending, error);
		}
		// Handed on, not awaited: the create's request stands on no frame of this.
		return creating.then(
			async (created) => {
				if (!answeredAlone(created)) {
					pending.end();
					return created;
				}
				const document = await this.documentOf(pending, sent, created.dvs_document_id, itemIndex);
				return document ? { ...created, document } : created;
			},
			(failure: unknown) => failedCreate(pending, failure),
		);
	}

	private begin(at: { key: string; register: DvsRegister; filters?: DvsFilters }): PendingCreate {
		let place = this.places.get(at.key);
		if (!place) {
			const fresh = { register: at.register, filters: at.filters, pending: 0, waiting: new Map(), listing: false };
			place = { ...fresh, changed: Promise.resolve(), change: () => undefined };
			changed(place);
			this.places.set(at.key, place);
		}
		const begun = place;
		begun.pending++;
		let open = true;
		return {
			place: begun,
			end: () => {
				if (!open) return;
				open = false;
				begun.pending--;
				changed(begun);
			},
		};
	}

	/**
	 * The document the create made, its answer just come, as get_document shows it; undefined where this cannot
	 * tell (the caller reads it then). Ends the pending create. Never throws: the write has landed.
	 */
	private async documentOf(
		create: PendingCreate,
		sent: IDataObject,
		documentId: number,
		itemIndex: number,
	): Promise<IDataObject | undefined> {
		const { place } = create;
		try {
			const { fields } = await this.reader.getFields(place.register, itemIndex);
			const htmlFields = fields.filter((field) => field.type === 'html').map((field) => field.name);
			if (htmlFields.some((name) => Object.hasOwn(sent, name))) return undefined;
			if (!place.pattern) {
				create.end();
				return await this.readPattern(place, htmlFields, documentId, itemIndex);
			}
			const pattern = await place.pattern;
			if (!pattern) return undefined;
			const waiting: Waiting = { taken: false };
			place.waiting.set(documentId, waiting);
			create.end();
			while (!waiting.taken) {
				if (listingDue(place, this.everyItemBegun)) await this.list(place, itemIndex);
				else await place.changed;
			}
			return waiting.listed && shownAsGot(pattern, waiting.listed);
		} catch {
			return undefined;
		} finally {
			create.end();
		}
	}

	/** get_document of this create: its output, and the place's pattern when it can be one. */
	private async readPattern(place: Place, htmlFields: string[], documentId: number, itemIndex: number) {
		let settle: (pattern: Pattern | undefined) => void = () => undefined;
		place.pattern = new Promise((resolve) => (settle = resolve));
		let pattern: Pattern | undefined;
		try {
			const document = await this.reader.getDocument(place.register, documentId, itemIndex);
			pattern = patternOf(document, htmlFields);
			return document;
		} finally {
			// A read that failed, or a document that cannot stand for others, leaves the pattern to a later create.
			if (!pattern) place.pattern = undefined;
			settle(pattern);
		}
	}

	/** The place's newest documents, one page, handed to every create waiting: as many as wait and a few more. */
	private async list(place: Place, itemIndex: number): Promise<void> {
		const wanted = new Map(place.waiting);
		place.waiting.clear();
		place.listing = true;
		let listed: IDataObject[] = [];
		try {
			const limit = Math.min(READ_BACK_PAGE, wanted.size + place.pending + LISTED_BEYOND_WANTED);
			const query = { limit, offset: 0, order: 'newest' as const, filters: place.filters };
			listed = (await this.reader.listDocuments(place.register, query, itemIndex)).items;
		} catch {
			// Each create it was taken for is read by itself.
		} finally {
			place.listing = false;
			const byId = new Map(listed.map((document) => [refId(document.dvs_document_id), document]));
			for (const [id, waiting] of wanted) Object.assign(waiting, { taken: true, listed: byId.get(id) });
			changed(place);
		}
	}
}
