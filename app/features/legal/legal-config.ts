import type { CompanyConfig } from "#shared/company.ts";

type LegalConfig = CompanyConfig & {
  /** AI_PROVIDER at build time; null means the offline demo mode (ADR 0007). */
  aiProvider: string | null;
};

// Compiled in by vite.config.ts from COMPANY_* and AI_PROVIDER (ADR 0009).
declare const __LEGAL_CONFIG__: LegalConfig;

export const LEGAL_CONFIG: LegalConfig = __LEGAL_CONFIG__;
export const COMPANY = LEGAL_CONFIG.company;

// The date the legal texts were last revised, shown on each of them.
export const LEGAL_TEXTS_REVISED = "28.11.2026";
