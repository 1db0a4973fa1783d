// About 900 characters of German for the thread tests (ADR 0064): a link, a mention, a hashtag,
// "z.B.", "Dr.", "ca.", the number 3.5 and the technologist emoji (a ZWJ sequence X counts as 2).

export const THREAD_SAMPLE_LINK = "https://example.com/blog/release-planung-im-kleinen-team";

export const THREAD_SAMPLE = [
  "Ich arbeite seit drei Jahren als Entwicklerin 🧑‍💻 in einem kleinen Team in Leipzig.",
  "Viele fragen mich, wie wir Releases planen, ohne uns zu verzetteln.",
  "Hier kommt unsere Antwort in ein paar Schritten.",
  "Erstens: Wir schreiben jede Aufgabe so klein, dass sie in einem Tag fertig wird.",
  "Zweitens: Wir sprechen morgens zehn Minuten, nicht länger.",
  "Drittens: Wir messen nur, was wir wirklich ändern können, z.B. die Zeit bis zum ersten Review.",
  "Dr. Schmidt aus unserem Team hat dazu eine kleine Studie gemacht, die Version 3.5 unseres Prozesses beschreibt.",
  "Die Ergebnisse waren deutlicher als erwartet, denn die Wartezeit sank um ca. 40 Prozent.",
  `Wer tiefer einsteigen möchte, findet alle Details unter ${THREAD_SAMPLE_LINK} und kann uns gern Fragen stellen.`,
  "Danke an @postwerk für die Einladung zu diesem Austausch.",
  "Was ist euer wichtigster Trick für ruhige Releases? Schreibt es mir gern in die Antworten #Softwareentwicklung",
].join(" ");
