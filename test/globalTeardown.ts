import { removeTempRoot } from '../devkit/tempRoot';

export default function globalTeardown(): void {
	removeTempRoot();
}
