/**
 * Keystatic reads its configuration from this file (the editor at /keystatic and its API). The
 * storage comes from the build's CMS_MODE through src/build/cms-editor.mjs; what is edited is
 * declared in src/cms/schema.ts. With CMS_MODE=off the build does not include the editor at all.
 */
import storage from 'virtual:humanwise-cms-storage';
import { cmsConfig } from './src/cms/config.ts';

export default cmsConfig(storage);
