import { describe, expect, it } from "vitest";
import { readDisplayName, readId, readNewPassword, readUsername } from "./team-forms";

describe("the team's forms", () => {
  it("reads a username as sign-in compares it, in any script, and refuses anything else with the reason", () => {
    expect(readUsername("  Zoë.Ñúñez ")).toEqual({ ok: true, value: "zoë.ñúñez" });
    expect(readUsername("Zoe\u0308")).toEqual({ ok: true, value: "zoë" });
    expect(readUsername("山田-太郎")).toEqual({ ok: true, value: "山田-太郎" });
    expect(readUsername("1e20")).toEqual({ ok: true, value: "1e20" });
    for (const bad of [
      "ab",
      "a".repeat(41),
      "-dash",
      "dot.",
      "two words",
      "nul\u0000l",
      "<b>x</b>",
      "x".repeat(10_000),
      null,
    ])
      expect(readUsername(bad)).toEqual({ ok: false, refusal: "team.refusal.username" });
  });

  it("refuses a username that would look like another one: hidden marks, compatibility forms, lookalike alphabets mixed", () => {
    // Usernames are the hub's, not one account's: each of these was "invited" beside demo-manager
    // (an audit of 2026-11-26) and showed as the same name on the team page and in the log.
    for (const lookalike of [
      "d\u034Femo-manager", // an invisible combining mark
      "de\u200Dmo", // a joiner, which shows nothing between two Latin letters
      "ｄｅｍｏ-manager", // fullwidth letters
      "o\uFB03ce", // the ligature ﬃ
      "d\u0435mo-manager", // a Cyrillic е among Latin letters
      "\u03B1lpha", // a Greek α among Latin letters
      "d\u0585mo-manager", // an Armenian օ among Latin letters
      "\uAB8Admin", // a Cherokee letter among Latin letters
      "demo-manager\u0661", // an Arabic-Indic digit after Latin ones
      "\u0645\u062D\u0640\u0640\u0645\u062F", // Arabic stretched by tatweels
    ])
      expect(readUsername(lookalike)).toEqual({ ok: false, refusal: "team.refusal.usernameLookalike" });
    // One alphabet, whichever it is, and the scripts Japanese writes together, stay welcome.
    for (const name of [
      "иван.петров",
      "ελένη",
      "田中たなか",
      "山田-タロウ",
      "김민준",
      "محمد_علي",
      "zoë.ñúñez",
      "nguyễn.văn",
      "शर्मा-अनु",
      "สำราญ", // Thai's sara am, which NFKC would split
      "ສົມຄຳ",
      "li.王",
      "demo-manager2",
    ])
      expect(readUsername(name)).toEqual({ ok: true, value: name });
  });

  it("refuses a name that shows nothing or hides a format character, and keeps the joiners names need", () => {
    for (const blank of [
      "\u200B",
      "\u3164",
      "\u2800",
      "\u2061",
      "\u115F\u1160",
      "\uFFA0",
      "\u034F",
      "Zoë\u061C",
      "Zo\u2060ë",
      "Zoë\u{E0041}\u{E0042}", // tag letters outside a flag: text no one sees
    ])
      expect(readDisplayName(blank)).toEqual({ ok: false, refusal: "invitation.refusal.displayName" });
    // Persian writes a zero-width non-joiner inside a name; an emoji sequence holds a zero-width joiner.
    // Scotland's flag is a black flag and tag letters; Mongolian writes a vowel separator inside a word.
    for (const name of [
      "محمد\u200Cرضا",
      "Zoë \u{1F469}\u200D\u{1F4BB}",
      "Eilidh \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
      "\u182D\u1820\u1837\u180E\u1820",
    ])
      expect(readDisplayName(name)).toEqual({ ok: true, value: name });
  });

  it("reads a row's number, and nothing that is not one", () => {
    expect(readId("42")).toBe(42);
    for (const bad of ["0", "-1", "1e20", "Infinity", String(2 ** 53 + 1), "2147483648", "４２", " 42", null])
      expect(readId(bad)).toBeNull();
  });

  it("counts a name's and a password's characters as a person does, and asks for the password twice", () => {
    expect(readDisplayName("  Zoë \n Ñúñez ")).toEqual({ ok: true, value: "Zoë Ñúñez" });
    expect(readDisplayName("😀".repeat(80)).ok).toBe(true);
    expect(readDisplayName("😀".repeat(81)).ok).toBe(false);
    expect(readDisplayName("a\u0007b").ok).toBe(false);
    expect(readDisplayName("Zoë \u202Eeeknil").ok).toBe(false);
    expect(readDisplayName("\u2067Zoë\u2069").ok).toBe(false);
    expect(readDisplayName("   ").ok).toBe(false);
    expect(readNewPassword("é".repeat(10), "é".repeat(10))).toEqual({ ok: true, value: "é".repeat(10) });
    expect(readNewPassword("😀".repeat(9), "😀".repeat(9))).toEqual({
      ok: false,
      refusal: "invitation.refusal.password",
    });
    expect(readNewPassword("long enough!", "long enough?")).toEqual({
      ok: false,
      refusal: "invitation.refusal.mismatch",
    });
    expect(readNewPassword("x".repeat(257), "x".repeat(257)).ok).toBe(false);
  });
});
