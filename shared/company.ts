import { z } from "zod";

// The operating company named on the legal pages (spec section 2 "Legal pages"; ADR 0009).
// The values come from COMPANY_* variables, read once at build time by vite.config.ts.

const required = z.string({ error: "fehlt" }).trim().min(1, "fehlt");
const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const CompanySchema = z.object({
  /** Full name with legal form, e.g. "Postwerk GmbH". */
  name: required,
  street: required,
  postalCode: required,
  city: required,
  country: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || "Deutschland"),
  /** Who represents the company, e.g. "Geschäftsführerin Anna Beispiel". */
  representative: required,
  email: required.pipe(z.email("ist keine gültige E-Mail-Adresse")),
  phone: optional,
  /** Register court and number, e.g. "Amtsgericht Köln, HRB 12345". */
  register: optional,
  /** VAT identification number under § 27a UStG. */
  vatId: optional,
  /** Responsible for the content under § 18 Abs. 2 MStV; defaults to the representative. */
  contentResponsible: optional,
  /** Name and contact of a data protection officer, if one is appointed. */
  dataProtectionOfficer: optional,
  /** The supervisory authority responsible for the company. */
  supervisoryAuthority: optional,
  /** Who hosts the servers, with address, e.g. "Hetzner Online GmbH, Industriestr. 25, 91710 Gunzenhausen". */
  hostingProvider: optional,
});

type Company = z.infer<typeof CompanySchema>;

export type CompanyConfig = { company: Company; isExample: boolean };

// Which variable feeds which field, so errors and the docs name the variable.
const COMPANY_ENV_VARIABLES = {
  name: "COMPANY_NAME",
  street: "COMPANY_STREET",
  postalCode: "COMPANY_POSTAL_CODE",
  city: "COMPANY_CITY",
  country: "COMPANY_COUNTRY",
  representative: "COMPANY_REPRESENTATIVE",
  email: "COMPANY_EMAIL",
  phone: "COMPANY_PHONE",
  register: "COMPANY_REGISTER",
  vatId: "COMPANY_VAT_ID",
  contentResponsible: "COMPANY_CONTENT_RESPONSIBLE",
  dataProtectionOfficer: "COMPANY_DATA_PROTECTION_OFFICER",
  supervisoryAuthority: "COMPANY_SUPERVISORY_AUTHORITY",
  hostingProvider: "COMPANY_HOSTING_PROVIDER",
} as const satisfies Record<keyof Company, string>;

// Shown while no COMPANY_* variable is set; every page that uses them says they are examples.
export const EXAMPLE_COMPANY: Company = {
  name: "Beispiel Medien GmbH",
  street: "Musterstraße 1",
  postalCode: "12345",
  city: "Musterstadt",
  country: "Deutschland",
  representative: "Geschäftsführer Max Mustermann",
  email: "kontakt@example.com",
  phone: "+49 123 456789",
  register: "Amtsgericht Musterstadt, HRB 00000",
  vatId: "DE000000000",
  contentResponsible: undefined,
  dataProtectionOfficer: undefined,
  supervisoryAuthority: undefined,
  hostingProvider: "Beispiel Hosting GmbH, Serverweg 2, 12345 Musterstadt",
};

type EnvRecord = Record<string, string | undefined>;

// No COMPANY_* variable at all: the example data, marked as such. Some but not all required
// ones: an error naming each missing or invalid variable, so a half-configured imprint is
// never published.
export function readCompanyConfig(env: EnvRecord): CompanyConfig {
  const entries = Object.entries(COMPANY_ENV_VARIABLES).map(([field, variable]) => [field, env[variable]] as const);
  if (entries.every(([, value]) => !value?.trim())) return { company: EXAMPLE_COMPANY, isExample: true };
  const result = CompanySchema.safeParse(Object.fromEntries(entries));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const field = issue.path[0] as keyof Company;
      return `${COMPANY_ENV_VARIABLES[field]} ${issue.message}`;
    });
    throw new Error(`Firmendaten für Impressum und Datenschutz unvollständig: ${problems.join(", ")}`);
  }
  return { company: result.data, isExample: false };
}
