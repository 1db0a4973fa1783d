import { describe, expect, it } from "vitest";
import { metricsCsv } from "./metrics-csv.ts";

describe("metricsCsv", () => {
  it("starts with a BOM, separates by ';', writes German headers, dates, decimal commas and the page's groupings", () => {
    const csv = metricsCsv(
      [
        {
          publicationId: "p",
          network: "x",
          accountHandle: "@a",
          sentAt: "2026-11-02T08:30:00Z",
          text: 'Zitat "so"; =1+1 #KI #Teams',
          hasImage: true,
          figures: { likes: 10, reposts: 2, replies: 1, quotes: 0, bookmarks: 1, views: 300 },
          deleted: false,
          tone: "formal",
        },
        {
          publicationId: "q",
          network: "bluesky",
          accountHandle: "@b",
          sentAt: "2026-11-03T08:10:00Z",
          text: "=SUMME(A1)",
          hasImage: false,
          figures: null,
          deleted: true,
          tone: null,
        },
      ],
      "Europe/Berlin",
    );
    const [header, first, second] = csv.split("\r\n");
    expect(csv.startsWith("\uFEFFGesendet am;Netzwerk;Konto;Text;Likes;")).toBe(true);
    expect(header?.split(";").at(-1)).toBe("Status");
    expect(header?.split(";").slice(-5)).toEqual(["Zeichen", "Hashtags", "Bild", "Tonalität", "Status"]);
    expect(first).toBe('02.11.2026 09:30;X;@a;"Zitat ""so""; =1+1 #KI #Teams";10;2;1;0;1;300;14;4,7;27;2;ja;Formell;');
    expect(second).toBe("03.11.2026 09:10;Bluesky;@b;'=SUMME(A1);;;;;;;;;10;0;nein;;gelöscht");
  });
});
