// Where this package is installed: the folder holding package.json, bin/, dist/ and hooks-examples/.
import { fileURLToPath } from 'node:url';

/** This package's root, from src/common or dist/common alike. */
export const packageRoot = (): string => fileURLToPath(new URL('../..', import.meta.url));
