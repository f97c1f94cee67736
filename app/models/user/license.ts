/*
 * License levels and concurrency modes (spec 002: "New user license level 35, mode 0; level 0
 * means none"; reference UserLicenseSettings names them). The spec gives one code, 35; the others
 * are spaced the same way so the order of the reference's enumeration is the order of the codes
 * (decision 032). A level names what a seat allows; the site's seat count (SITE_SEATS) limits
 * how many enabled, non-guest accounts hold a level above None.
 */
export const LICENSE_LEVELS = {
  None: 0,
  Portal: 15,
  Consumer: 25,
  Contributor: 35,
  Standard: 45,
  Plus: 55,
  Main: 65,
  Editor: 75,
  Pro: 85,
} as const;
export type LicenseLevel = keyof typeof LICENSE_LEVELS;

export const LICENSE_MODES = { Named: 0, Concurrent: 1 } as const;
export type LicenseMode = keyof typeof LICENSE_MODES;

export const NEW_USER_LICENSE_LEVEL = 35;
export const NEW_USER_LICENSE_MODE = 0;

export function licenseLevelName(code: number): LicenseLevel {
  const entry = Object.entries(LICENSE_LEVELS).find(([, value]) => value === code);
  return (entry?.[0] as LicenseLevel | undefined) ?? "None";
}

export function licenseModeName(code: number): LicenseMode {
  return code === LICENSE_MODES.Concurrent ? "Concurrent" : "Named";
}
