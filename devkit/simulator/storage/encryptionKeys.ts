/** Public keys a user publishes for end-to-end encryption. */
export interface PublishedKeys {
	kem: string;
	dsa: string;
	x25519: string;
	ed25519: string;
}

/** A wrapped content key stored for one user and one file or upload folder. */
export interface WrappedKey {
	/** The user who saved (and owns) this wrapped key. */
	userId: number;
	encryptionKey: string;
	keySignature: string;
	fileSignature?: string;
	/** Seconds since the epoch; the first record of a hash is the encrypting user's. */
	savedAt: number;
}

export type KeyTarget = 'file' | 'upload';

/** The service's key storage for end-to-end encryption: published keys and wrapped content keys. */
export class EncryptionKeyStore {
	private readonly userKeys = new Map<number, PublishedKeys>();

	private readonly wrapped = new Map<string, WrappedKey[]>();

	publish(userId: number, keys: PublishedKeys): void {
		this.userKeys.set(userId, { ...keys });
	}

	publishedKeys(userId: number): PublishedKeys | undefined {
		return this.userKeys.get(userId);
	}

	/** Saves (or replaces) the wrapped key `userId` holds for a file or upload folder hash. */
	saveWrappedKey(target: KeyTarget, hash: string, key: WrappedKey): void {
		const list = this.wrapped.get(`${target}:${hash}`) ?? [];
		const existing = list.findIndex((entry) => entry.userId === key.userId);
		if (existing >= 0) list[existing] = { ...key, savedAt: list[existing].savedAt };
		else list.push({ ...key });
		this.wrapped.set(`${target}:${hash}`, list);
	}

	/** The key saved by `userId`, or with `fromEncryptingUser` the first key saved for the hash. */
	wrappedKey(target: KeyTarget, hash: string, userId: number, fromEncryptingUser = false): WrappedKey | undefined {
		const list = this.wrapped.get(`${target}:${hash}`) ?? [];
		return fromEncryptingUser ? list[0] : list.find((entry) => entry.userId === userId);
	}

	snapshot(): { userKeys: Record<number, PublishedKeys>; wrappedKeys: Record<string, WrappedKey[]> } {
		return { userKeys: Object.fromEntries(this.userKeys), wrappedKeys: Object.fromEntries(this.wrapped) };
	}
}
