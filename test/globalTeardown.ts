import { removeTempRoot } from './tempRoot';

export default function globalTeardown(): void {
	removeTempRoot();
}
