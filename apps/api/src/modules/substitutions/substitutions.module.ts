/**
 * Substitutions at packing (decision 0043): what may be sent in place of an ordered product. The
 * orders module moves the stock and bills the substitute; this module only says what may be sent.
 */
import type { ModuleManifest } from '../../module-manifest.js';

export const substitutionsModule: ModuleManifest = {
  name: 'substitutions',
  // Only the order lines' types.
  dependsOn: ['orders'],
  tables: [],
};
