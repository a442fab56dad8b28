// The files the shipped servers load when their command line names none. The servers read them from here, and the
// composition root (cli/) hands them to `tdo apply` and the demo, so no other layer spells a path into servers/.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each seller profile's folder (profile.json, descriptions.json) is under here, named after the seller. */
export const SELLERS_DIR = fileURLToPath(new URL('./market/sellers', import.meta.url));

/** The descriptions `tdo serve lab` and `tdo serve labplus` load by default. */
export const DEFAULT_DESCRIPTIONS = {
  lab: fileURLToPath(new URL('./lab/descriptions.json', import.meta.url)),
  labplus: fileURLToPath(new URL('./labplus/descriptions.json', import.meta.url)),
} as const;

/** The descriptions `tdo serve market --seller NAME` loads by default. */
export function sellerDescriptionsFile(seller: string): string {
  return join(SELLERS_DIR, seller, 'descriptions.json');
}
