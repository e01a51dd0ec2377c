import Foundation

/// Removes personal data from conversation text before it leaves the process: e-mail
/// addresses, IBANs and account numbers, phone numbers in national and international
/// formats, card numbers, one-time codes and PINs, and street addresses with their postcodes
/// become placeholders, and the kinds removed are counted for the report.
///
/// The rules lean towards removing too much: a false "[PHONE]" costs a reply a little
/// context, a missed one sends a number off the machine.
public struct Redactor: Sendable {
    public init() {}

    /// The redacted text and how many of each kind were removed.
    public func redact(_ text: String) -> (String, [String: Int]) {
        var result = text
        var counts: [String: Int] = [:]
        for rule in RedactionRule.all {
            let found = rule.matches(in: result)
            guard !found.isEmpty else { continue }
            counts[rule.kind, default: 0] += found.count
            // From the end, so the ranges still found stay valid.
            for range in found.reversed() {
                result.replaceSubrange(range, with: rule.placeholder)
            }
        }
        return (result, counts)
    }

    /// A copy of the conversation with everything read from the screen redacted: messages,
    /// quotes, authors (a mail app shows a sender as an address) and the title.
    public func redact(_ conversation: Conversation) -> (Conversation, [String: Int]) {
        var counts: [String: Int] = [:]
        func redacted(_ text: String) -> String {
            let (clean, found) = redact(text)
            counts.merge(found, uniquingKeysWith: +)
            return clean
        }
        var copy = conversation
        for index in copy.messages.indices {
            copy.messages[index].text = redacted(copy.messages[index].text)
            copy.messages[index].quote = copy.messages[index].quote.map(redacted)
            copy.messages[index].author = copy.messages[index].author.map(redacted)
        }
        copy.title = copy.title.map(redacted)
        return (copy, counts)
    }
}

/// One kind of personal data: a pattern that finds candidates (the first capture group that
/// took part is the part to remove, else the whole match), and a check of each candidate
/// that a pattern cannot express, such as digit counts, which may keep only a leading part.
struct RedactionRule: Sendable {
    let kind: String
    let placeholder: String
    let pattern: NSRegularExpression
    let keep: @Sendable (Substring) -> Substring?

    init(
        _ kind: String, _ placeholder: String, _ pattern: String, caseSensitive: Bool = false,
        keep: @escaping @Sendable (Substring) -> Substring? = { $0 }
    ) {
        self.kind = kind
        self.placeholder = placeholder
        self.pattern = try! NSRegularExpression(pattern: pattern, options: caseSensitive ? [] : [.caseInsensitive])
        self.keep = keep
    }

    func matches(in text: String) -> [Range<String.Index>] {
        pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            let captured = (1..<max(1, match.numberOfRanges)).lazy.map { match.range(at: $0) }
                .first { $0.location != NSNotFound }
            guard let range = Range(captured ?? match.range, in: text), let kept = keep(text[range]) else {
                return nil
            }
            return kept.startIndex..<kept.endIndex
        }
    }

    /// Order matters: an IBAN before the digit runs inside it, a card number (15 to 19
    /// digits, never after a +) before a phone number that could take its first groups.
    static let all: [RedactionRule] = [email, iban, account, card, phone, code, streetFirst, numberLast, postcode]

    static let email = RedactionRule("email", "[EMAIL]", #"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"#)

    /// GB82 WEST 1234 5698 7654 32: two letters, two check digits, then 11 to 30 letters and
    /// digits, often in fours.
    static let iban = RedactionRule(
        "account", "[IBAN]", #"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b"#, caseSensitive: true
    ) { candidate in
        let characters = candidate.filter { !$0.isWhitespace }
        return (15...34).contains(characters.count) && characters.filter(\.isNumber).count >= 8 ? candidate : nil
    }

    static let account = RedactionRule(
        "account", "[ACCOUNT]",
        #"\b(?:account|acct|a/c|sort code|routing|konto|kontonummer|cuenta|compte|conto|счёт|счет)\b[^\d\n]{0,15}(\d[\d -]{4,22}\d)"#
    )

    /// Digit groups with the separators phone numbers are written with, optionally after a +
    /// or with an area code in brackets: 07700 900123, +33 6 12 34 56 78, (11) 91234-5678,
    /// 8 (912) 345-67-89, 090-1234-5678. Dates, times and sums fall out by their digit count
    /// and shape.
    static let phone = RedactionRule(
        "phone", "[PHONE]",
        #"(?<![\w+/.-])(?:\+\s?)?\(?\d{1,5}\)?(?:(?:[ .\-/]|\)\s?|\s?\()?\d{1,5}\)?){0,6}(?![\w:]|[.,]\d)"#,
        keep: { PhoneShape.number(in: $0) })

    static let card = RedactionRule("card", "[CARD]", #"(?<!\+)\b(?:\d[ -]?){14,18}\d\b"#)

    /// A code is a number the words around it call one: "Your OTP is 739201", "PIN: 4829",
    /// "Code: 48 29 13", "verification code 482-913", "Use 482913 to sign in".
    static let code = RedactionRule(
        "code", "[CODE]",
        #"(?:\b(?:code|codes|otp|pin|passcode|password|passwort|tan|código|codigo|codice|kod|код|пароль)\b[^\d\n]{0,20}?|(?<=\buse\s))(\d{4,8}|\d{2,4}(?:[ -]\d{2,4}){1,3})\b|\b(\d{4,8}|\d{2,4}(?:[ -]\d{2,4}){1,3})\b(?=[^\d\n]{0,30}(?:is your|is the|to sign in|to log in|to login|to verify|to confirm|to reset|verification|one-time|security code|login code|\bcode\b|\botp\b|\bpin\b))"#
    ) { candidate in
        (4...8).contains(candidate.filter(\.isNumber).count) ? candidate : nil
    }

    /// Number first, as in English and French: 221B Baker Street, 742 Evergreen Terrace,
    /// 1600 Amphitheatre Parkway, Mountain View, CA 94043; 12 rue de la Paix, 75002 Paris.
    static let streetFirst = RedactionRule(
        "address", "[ADDRESS]",
        #"(?:\b\d{1,5}[A-Za-z]?(?:\s?(?:bis|ter))?,?\s+(?:(?:[A-Z][\w'’.-]*|of|the)\s+){1,4}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Boulevard|Blvd|Drive|Dr|Way|Court|Ct|Place|Pl|Square|Sq|Terrace|Ter|Parkway|Pkwy|Highway|Hwy|Crescent|Cres|Close|Gardens|Grove|Row|Circle|Cir|Trail|Mews|Walk|Hill|Park)\b\.?"#
            + #"|\b\d{1,4}(?:\s?(?:bis|ter))?,?\s+(?i:rue|avenue|av\.|boulevard|bd|place|chemin|allée|impasse|quai|route|cours)\s+(?:(?:de|du|des|la|le|l'|d')\s*){0,3}[A-ZÉÈÀ][\w'’-]*(?:\s+[A-ZÉÈÀ][\w'’-]*){0,3})"#
            + PostcodeTail.pattern,
        caseSensitive: true)

    /// Street first, number after, as in German, Dutch, Spanish, Italian and Portuguese:
    /// Hauptstraße 12, Berliner Str. 5, Kalverstraat 1, Calle Mayor 5, Via Roma 10.
    static let numberLast = RedactionRule(
        "address", "[ADDRESS]",
        #"(?:\b(?:[A-ZÄÖÜ][\wäöüß-]*(?:straße|strasse|str\.|weg|gasse|platz|allee|ring|damm|ufer|chaussee|straat|laan|gracht|plein|kade|singel)|(?:[A-ZÄÖÜ][\wäöüß-]+\s)?(?:Straße|Strasse|Str\.|Weg|Gasse|Platz|Allee))\s?\d{1,4}[a-z]?\b"#
            + #"|\b(?i:calle|c/|avenida|avda\.?|plaza|paseo|camino|carrer|rua|avenue|via|viale|piazza|corso|largo)\s+(?:(?:de|del|la|las|los|da|do|dos|di|della|dei)\s+){0,2}[A-ZÁÉÍÓÚ][\wáéíóúñç'’-]*(?:\s+[A-ZÁÉÍÓÚ][\wáéíóúñç'’-]*){0,3},?\s*(?:n[ºo°]\.?\s*)?\d{1,4}[a-zA-Z]?\b)"#
            + PostcodeTail.pattern,
        caseSensitive: true)

    /// A postcode alone is an address too: LS1 4AP, NW1 6XE (UK), CA 94043 (US state and
    /// ZIP), K1A 0B1 (Canada).
    static let postcode = RedactionRule(
        "address", "[ADDRESS]",
        #"\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b|\b(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY])\s\d{5}(?:-\d{4})?\b|\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b"#,
        caseSensitive: true)
}

/// What may follow a street: its town and postcode (", London NW1 6XE",
/// ", Mountain View, CA 94043", ", 75002 Paris", ", 10115 Berlin"), taken with it only when
/// a postcode is there, so a following name is never swallowed on its own.
enum PostcodeTail {
    static let pattern =
        #"(?:,?\s+(?:[A-Z][a-z]+(?:\s[A-Z][a-z]+){0,2},?\s+)?(?:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|[A-Z]{2}\s\d{5}(?:-\d{4})?)\b|,?\s+\d{4,5}(?:\s[A-Z]{2})?\s+[A-ZÄÖÜÉ][\wäöüßé-]+)?"#
}

/// The digit count and shape that tell a phone number from a date, a time or a sum.
enum PhoneShape {
    /// The candidate, or its longest run of leading groups that is a phone number
    /// ("07700 900123 2024" is a number and a year).
    static func number(in candidate: Substring) -> Substring? {
        var end = candidate.endIndex
        while end > candidate.startIndex {
            let part = candidate[..<end]
            if accepts(part) { return part }
            // Drop the last group and whatever separates it.
            guard let lastDigitRunStart = part.lastIndex(where: { !$0.isNumber }) else { return nil }
            end =
                part[..<lastDigitRunStart].lastIndex(where: \.isNumber).map { part.index(after: $0) } ?? part.startIndex
        }
        return nil
    }

    static func accepts(_ candidate: Substring) -> Bool {
        let digits = candidate.filter(\.isNumber).count
        let groups = candidate.split { !$0.isNumber }.count
        if candidate.hasPrefix("+") { return (7...15).contains(digits) }
        // Nine digits is the shortest national number with its area code (Spain, Poland,
        // Italy); more than six groups is a list of numbers, not one number.
        return (9...13).contains(digits) && groups <= 6 && !looksLikeDate(candidate)
    }

    /// 12.05.2024 14, 2024-05-12 12: a date (one separator, a month that exists), then
    /// perhaps one more number.
    private static func looksLikeDate(_ candidate: Substring) -> Bool {
        let groups = candidate.split { !$0.isNumber }
        guard (3...4).contains(groups.count) else { return false }
        let separators = candidate.filter { !$0.isNumber }.prefix(2)
        guard let separator = separators.first, "./-".contains(separator), separators.allSatisfy({ $0 == separator })
        else { return false }
        let numbers = groups.prefix(3).map { Int($0) ?? 0 }
        let yearFirst =
            groups[0].count == 4 && groups[1].count <= 2 && groups[2].count <= 2
            && (1...12).contains(numbers[1]) && (1...31).contains(numbers[2])
        let yearLast =
            groups[0].count <= 2 && groups[1].count <= 2 && (groups[2].count == 2 || groups[2].count == 4)
            && (1...31).contains(numbers[0])
            && (1...31).contains(numbers[1]) && (numbers[0] <= 12 || numbers[1] <= 12)
        return yearFirst || yearLast
    }
}
