// The AI providers the product can be configured with (server/env.ts AI_PROVIDERS), as the
// privacy policy names them. Which one is used comes from AI_PROVIDER at build time (ADR 0009).
type AiProviderDisclosure = {
  /** Who receives the texts, with seat. */
  recipient: string;
  /** Whether data may leave the EU/EEA. */
  thirdCountry: boolean;
};

export const AI_PROVIDER_DISCLOSURES: Record<string, AiProviderDisclosure> = {
  openai: {
    recipient: "OpenAI Ireland Ltd., Dublin, Irland, und die mit ihr verbundene OpenAI, L.L.C., San Francisco, USA",
    thirdCountry: true,
  },
  anthropic: {
    recipient:
      "Anthropic Ireland, Limited, Dublin, Irland, und die mit ihr verbundene Anthropic PBC, San Francisco, USA",
    thirdCountry: true,
  },
  google: {
    recipient:
      "Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Irland, und die mit ihr verbundene Google LLC, Mountain View, USA",
    thirdCountry: true,
  },
  mistral: {
    recipient: "Mistral AI SAS, Paris, Frankreich",
    thirdCountry: false,
  },
  "openai-compatible": {
    recipient:
      "ein Sprachmodell, das wir über eine OpenAI-kompatible Schnittstelle selbst oder über einen von uns beauftragten Rechenzentrumsbetreiber in der EU betreiben",
    thirdCountry: false,
  },
};
