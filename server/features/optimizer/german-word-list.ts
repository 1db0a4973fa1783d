import nspell from "nspell";
import type { WordList } from "./spelling-hints.ts";

// The German Hunspell dictionary (dictionary-de, offline) behind the spelling hints and the
// demo editor. Building it takes over a second of CPU and holds ~65 MB, so it happens once per
// process on first use, not at start-up (ADR 0029: a server that never sees the optimizer does
// not carry it), and every caller shares the promise.
let loading: Promise<WordList> | undefined;

export function loadGermanWordList(): Promise<WordList> {
  if (!loading) {
    loading = (async () => {
      const { default: dictionary } = await import("dictionary-de");
      const aff = Buffer.from(dictionary.aff.buffer, dictionary.aff.byteOffset, dictionary.aff.byteLength);
      const speller = nspell({ aff, dic: Buffer.from(dropCompoundOnlyEntries(dictionary.dic), "utf8") });
      for (const word of SOCIAL_MEDIA_WORDS) speller.add(word);
      return { correct: (word: string) => speller.correct(word) };
    })();
    // A failed load is tried again by the next request instead of failing forever.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

// Everyday words of the people who write posts that the 2016 dictionary does not know.
const SOCIAL_MEDIA_WORDS = [
  "Post",
  "Posts",
  "posten",
  "postet",
  "gepostet",
  "Repost",
  "Reposts",
  "Hashtag",
  "Hashtags",
  "Social",
  "Media",
  "Content",
  "Creator",
  "Creatorin",
  "Creators",
  "Follower",
  "Followern",
  "Followerin",
  "Likes",
  "liken",
  "gelikt",
  "Influencer",
  "Influencerin",
  "Feed",
  "Story",
  "Stories",
  "Reel",
  "Reels",
  "Thread",
  "Threads",
  "Tweet",
  "Tweets",
  "Newsletter",
  "Podcast",
  "Podcasts",
  "Webinar",
  "Startup",
  "Startups",
  "Blog",
  "Blogpost",
  "Engagement",
  "Community",
  "Branding",
  "Mitarbeiterin",
  "Mitarbeiterinnen",
  "Mitarbeitende",
  "Mitarbeitenden",
  "Kollegin",
  "Kolleginnen",
  "Kundinnen",
  // The words German marketing uses every day (docs/decisions/0061), checked by
  // german-word-list.test.ts with sentences a social-media manager writes.
  "Learning",
  "Learnings",
  "remote",
  "Remote",
  "hybrid",
  "Homeoffice",
  "Onboarding",
  "Offboarding",
  "Recruiting",
  "Recruiterin",
  "Employer",
  "Call",
  "Calls",
  "to",
  "Action",
  "Know",
  "how",
  "Giveaway",
  "Giveaways",
  "Keynote",
  "Keynotes",
  "Speaker",
  "Speakers",
  "Speakerin",
  "Panel",
  "Networking",
  "Livestream",
  "Livestreams",
  "Dashboard",
  "Dashboards",
  "Impressions",
  "Storytelling",
  "Insight",
  "Insights",
  "Lead",
  "Leads",
  "Sales",
  "Conversion",
  "Conversions",
  "Launch",
  "launchen",
  "gelauncht",
  "Best",
  "Practice",
  "Practices",
  "Case",
  "Study",
  "Studies",
  "Workshop",
  "Workshops",
  "Meeting",
  "Meetings",
  "Feedback",
  "Deadline",
  "Deadlines",
  "Update",
  "Updates",
  "Tool",
  "Tools",
  "Slides",
  "Teaser",
  "Landingpage",
  "Website",
  "Websites",
  "Bio",
  "Growth",
  "Scaleup",
  "Coworking",
  "Sprint",
  "Sprints",
  "Review",
  "Reviews",
  "Instagram",
  "LinkedIn",
  "TikTok",
  "YouTube",
  "Facebook",
  "Bluesky",
  "Mastodon",
];

// igerman98 lists many words twice: as a word ("gut/AU") and as a compound part with the
// ONLYINCOMPOUND flag "o" ("gut/STozm"). Hunspell keeps the entries apart; nspell merges
// their flags, and then "gut", "mal", "sehen" or "schreiben" count as misspelt. nspell
// cannot build compounds from these parts anyway (spelling-hints.ts does its own), so the
// compound-only entries go.
function dropCompoundOnlyEntries(dic: Uint8Array): string {
  const COMPOUND_ONLY_FLAG = "o";
  return Buffer.from(dic.buffer, dic.byteOffset, dic.byteLength)
    .toString("utf8")
    .split("\n")
    .filter((line) => {
      const slash = line.indexOf("/");
      return slash === -1 || !line.slice(slash + 1).includes(COMPOUND_ONLY_FLAG);
    })
    .join("\n");
}
