import { describe, expect, it } from "vitest";
import { EXAMPLE_COMPANY, readCompanyConfig } from "./company.ts";

const COMPLETE = {
  COMPANY_NAME: "Postwerk GmbH",
  COMPANY_STREET: "Hafenstraße 12",
  COMPANY_POSTAL_CODE: "20457",
  COMPANY_CITY: "Hamburg",
  COMPANY_REPRESENTATIVE: "Geschäftsführerin Anna Beispiel",
  COMPANY_EMAIL: "kontakt@postwerk.example",
};

describe("readCompanyConfig", () => {
  it("uses the example company, marked as an example, when no COMPANY_* variable is set", () => {
    expect(readCompanyConfig({ PATH: "/usr/bin", COMPANY_NAME: "  " })).toEqual({
      company: EXAMPLE_COMPANY,
      isExample: true,
    });
  });

  it("reads a configured company, trims the values and fills the country", () => {
    const { company, isExample } = readCompanyConfig({
      ...COMPLETE,
      COMPANY_NAME: " Postwerk GmbH ",
      COMPANY_VAT_ID: "DE123456789",
      COMPANY_PHONE: "",
    });
    expect(isExample).toBe(false);
    expect(company).toMatchObject({
      name: "Postwerk GmbH",
      city: "Hamburg",
      country: "Deutschland",
      vatId: "DE123456789",
      phone: undefined,
      register: undefined,
    });
  });

  it("refuses a half-configured company and names every missing or invalid variable", () => {
    expect(() => readCompanyConfig({ COMPANY_NAME: "Postwerk GmbH", COMPANY_EMAIL: "keine-adresse" })).toThrow(
      /COMPANY_STREET fehlt.*COMPANY_POSTAL_CODE fehlt.*COMPANY_CITY fehlt.*COMPANY_REPRESENTATIVE fehlt.*COMPANY_EMAIL ist keine gültige E-Mail-Adresse/,
    );
  });
});
