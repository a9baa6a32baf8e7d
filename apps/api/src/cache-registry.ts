/**
 * Every module's cache declaration in one list (docs/decisions/0016-cache-declarations.md), read
 * from the modules' manifests: the response cache serves only the reads declared here, and the
 * fresh-reads test runs every write declared here against every read.
 */
import type { ModuleCache } from './lib/response-cache.js';
import { MODULES } from './modules.js';

export const CACHE_REGISTRY: readonly ModuleCache[] = MODULES.flatMap((module) => (module.cache ? [module.cache] : []));
