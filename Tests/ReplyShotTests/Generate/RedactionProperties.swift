import Foundation
import PropertyBased
import Testing

@testable import ReplyShot

/// Hardening 9: personal data in the forms people really write it, generated. Each property
/// checks that no digit run of the number (or the street's name) survives, and that ordinary
/// chat text with times, dates and sums passes untouched.
@Suite struct RedactionProperties {
    /// Random digits in a national or international layout; `#` is a digit, `N` a digit 1-9.
    static let phoneFormats: [(country: String, formats: [String])] = [
        ("United Kingdom", ["07### ######", "+44 7### ######", "020 #### ####", "0161 ### ####", "+44 20 #### ####"]),
        ("United States", ["(N##) N##-####", "N##-N##-####", "N##.N##.####", "+1 N## N## ####", "1-800-N##-####"]),
        ("France", ["06 ## ## ## ##", "+33 6 ## ## ## ##", "01.##.##.##.##", "+33 (0)1 ## ## ## ##"]),
        ("Germany", ["030 ########", "0151 ########", "+49 30 ########", "0171/#######", "+49 151 ########"]),
        ("Spain", ["6## ## ## ##", "9## ### ###", "+34 6## ### ###"]),
        ("Italy", ["3## ### ####", "06 #### ####", "+39 3## ### ####"]),
        ("Netherlands", ["06-########", "020-#######", "+31 6 ########"]),
        ("Brazil", ["(##) 9####-####", "+55 ## 9####-####"]),
        ("India", ["9#### #####", "+91 9#### #####"]),
        ("Japan", ["090-####-####", "03-####-####", "+81 90-####-####"]),
        ("Australia", ["04## ### ###", "(02) #### ####", "+61 4## ### ###"]),
        ("Mexico", ["55 #### ####", "+52 55 #### ####"]),
        ("Russia", ["8 (9##) ###-##-##", "+7 9## ###-##-##", "+7 (9##) ### ## ##"]),
        ("China", ["13# #### ####", "+86 13# #### ####"]),
        ("South Korea", ["010-####-####", "+82 10-####-####"]),
        ("Sweden", ["07#-### ## ##", "+46 7# ### ## ##"]),
        ("Poland", ["5## ### ###", "+48 5## ### ###"]),
        ("Ireland", ["08# ### ####", "+353 8# ### ####"]),
        ("Switzerland", ["07# ### ## ##", "+41 7# ### ## ##"]),
        ("Singapore", ["+65 #### ####"]),
    ]

    static let sentences = [
        "%@", "Call me on %@", "my number is %@, text me", "Ring %@ tonight!", "New number: %@",
        "Es ist %@.", "Mi número es %@", "Appelle-moi au %@ stp", "(%@)", "%@ is my cell",
    ]

    static func fill(_ format: String, using rng: inout SeededRNG) -> String {
        String(
            format.map { character -> Character in
                switch character {
                case "#": return Character(String(Int.random(in: 0...9, using: &rng)))
                case "N": return Character(String(Int.random(in: 1...9, using: &rng)))
                default: return character
                }
            })
    }

    /// Every run of four or more digits in `number` (separators ignored within a group).
    static func digitRuns(of number: String) -> [String] {
        number.split { !$0.isNumber }.map(String.init).filter { $0.count >= 4 }
    }

    @Test func phoneNumbersOfTwentyCountriesAreRemoved() async {
        #expect(Self.phoneFormats.count >= 15)
        await propertyCheck(count: max(300, fuzzRuns), input: Gen.int(in: 0...10_000_000)) { seed in
            var rng = SeededRNG(seed: UInt64(seed))
            let (country, formats) = Self.phoneFormats.randomElement(using: &rng)!
            let number = Self.fill(formats.randomElement(using: &rng)!, using: &rng)
            let text = String(format: Self.sentences.randomElement(using: &rng)!, number)
            let (redacted, counts) = Redactor().redact(text)
            #expect(counts["phone"] == 1, "\(country): \(text) → \(redacted)")
            for run in Self.digitRuns(of: number) {
                #expect(!redacted.contains(run), "\(country): \(text) → \(redacted)")
            }
        }
    }

    static let codePhrasings = [
        "Your OTP is %@", "Use %@ to sign in", "%@ is your verification code", "PIN: %@", "Code: %@",
        "verification code %@", "Your login code is %@. Don't share it.", "G-%@ is your Google verification code.",
        "Ihr Code lautet %@", "Tu código es %@", "Votre code : %@", "Ваш код: %@", "Enter %@ to verify your account",
        "passcode %@", "%@ is your one-time password",
    ]

    @Test func codesInTheirCommonPhrasingsAreRemoved() async {
        await propertyCheck(count: max(200, fuzzRuns), input: Gen.int(in: 0...10_000_000)) { seed in
            var rng = SeededRNG(seed: UInt64(seed))
            let shape = ["####", "######", "########", "## ## ##", "###-###", "### ###"].randomElement(using: &rng)!
            let code = Self.fill(shape, using: &rng)
            let text = String(format: Self.codePhrasings.randomElement(using: &rng)!, code)
            let (redacted, _) = Redactor().redact(text)
            for group in code.split(whereSeparator: { !$0.isNumber }) where group.count >= 2 {
                #expect(!redacted.contains(group), "\(text) → \(redacted)")
            }
        }
    }

    /// Street, a house number, and (sometimes) a town and postcode, per country's habit.
    static let addressFormats: [(country: String, make: (String, Int, inout SeededRNG) -> String)] = [
        (
            "United Kingdom",
            { name, number, rng in
                "\(number) \(name) \(["Street", "Road", "Lane", "Close"].randomElement(using: &rng)!), London NW1 6XE"
            }
        ),
        (
            "United States",
            { name, number, rng in
                "\(number) \(name) \(["Avenue", "Drive", "Boulevard", "Parkway", "St"].randomElement(using: &rng)!), Springfield, IL 62704"
            }
        ),
        ("Ireland", { name, number, _ in "\(number) \(name) Terrace" }),
        (
            "France",
            { name, number, rng in
                "\(number) \(["rue", "avenue", "boulevard"].randomElement(using: &rng)!) de la \(name), 75002 Paris"
            }
        ),
        (
            "Germany",
            { name, number, rng in
                "\(name)\(["straße", "weg", "platz"].randomElement(using: &rng)!) \(number), 10115 Berlin"
            }
        ),
        ("Austria", { name, number, _ in "\(name)er Straße \(number)" }),
        ("Netherlands", { name, number, _ in "\(name)straat \(number), 1012 AB Amsterdam" }),
        (
            "Spain",
            { name, number, rng in
                "\(["Calle", "Avenida", "Plaza"].randomElement(using: &rng)!) \(name) \(number), 28013 Madrid"
            }
        ),
        (
            "Italy",
            { name, number, rng in "\(["Via", "Piazza", "Corso"].randomElement(using: &rng)!) \(name) \(number)" }
        ),
        ("Portugal", { name, number, _ in "Rua \(name) \(number)" }),
    ]

    static let streetNames = [
        "Baker", "Evergreen", "Maple", "Linden", "Garibaldi", "Mayor", "Rosen", "Victoria", "Amstel", "Augusta",
    ]

    @Test func streetAddressesOfSeveralCountriesAreRemoved() async {
        await propertyCheck(count: max(200, fuzzRuns), input: Gen.int(in: 0...10_000_000)) { seed in
            var rng = SeededRNG(seed: UInt64(seed))
            let (country, make) = Self.addressFormats.randomElement(using: &rng)!
            let name = Self.streetNames.randomElement(using: &rng)!
            // Below the postcodes' numbers, so finding it in the text means the street leaked.
            let number = Int.random(in: 1...999, using: &rng)
            let address = make(name, number, &rng)
            let text = ["I live at %@", "%@", "Meet me at %@ tonight", "Neue Adresse: %@!"].randomElement(using: &rng)!
                .replacingOccurrences(of: "%@", with: address)
            let (redacted, counts) = Redactor().redact(text)
            #expect(counts["address", default: 0] >= 1, "\(country): \(text) → \(redacted)")
            #expect(!redacted.contains(name), "\(country): \(text) → \(redacted)")
            #expect(
                !redacted.contains(" \(number)") && !redacted.hasPrefix("\(number)"),
                "\(country): \(text) → \(redacted)")
        }
    }

    /// Each miss the attack found, by the kind it must become and what must not survive.
    @Test(arguments: [
        ("07700 900123", "phone", ["07700", "900123"]),
        ("+33 6 12 34 56 78", "phone", ["12 34 56 78"]),
        ("Use 482913 to sign in", "code", ["482913"]),
        ("Your OTP is 739201", "code", ["739201"]),
        ("PIN: 4829", "code", ["4829"]),
        ("Code: 48 29 13", "code", ["48 29 13"]),
        ("verification code 482-913", "code", ["482-913"]),
        ("221B Baker Street, London NW1 6XE", "address", ["221B", "Baker", "NW1", "6XE", "London"]),
        ("742 Evergreen Terrace", "address", ["742", "Evergreen"]),
        ("1600 Amphitheatre Parkway, Mountain View, CA 94043", "address", ["1600", "Amphitheatre", "94043"]),
        ("LS1 4AP", "address", ["LS1", "4AP"]),
        ("GB82 WEST 1234 5698 7654 32", "account", ["GB82", "WEST", "1234", "7654"]),
    ])
    func everyMissTheAttackFoundIsRedacted(text: String, kind: String, secrets: [String]) {
        let (redacted, counts) = Redactor().redact("Here: \(text) ok")
        #expect(counts[kind] == 1, "\(text) → \(redacted) \(counts)")
        for secret in secrets { #expect(!redacted.contains(secret), "\(text) → \(redacted)") }
    }

    @Test func anIBANIsOnePlaceholderNotACardInside() {
        let (redacted, _) = Redactor().redact("IBAN GB82 WEST 1234 5698 7654 32 please")
        #expect(redacted == "IBAN [IBAN] please")
    }

    /// A mail app shows the sender as an address, which becomes the speaker's label in the
    /// prompt; quotes and titles come from the screen too.
    @Test func authorsQuotesAndTitlesAreRedactedToo() {
        let conversation = Conversation(
            title: "jane.doe@example.com",
            messages: [
                Message(
                    speaker: .them, author: "bob@example.org", text: "See below", quote: "call 07700 900123",
                    confidence: 1, source: "a.png")
            ])
        let (redacted, counts) = Redactor().redact(conversation)
        #expect(redacted.title == "[EMAIL]")
        #expect(redacted.messages[0].author == "[EMAIL]")
        #expect(redacted.messages[0].quote == "call [PHONE]")
        #expect(counts == ["email": 2, "phone": 1])
    }

    /// What chats are full of and is nobody's secret: times, dates, prices, counts, years.
    @Test func ordinaryChatTextPassesUntouched() async {
        await propertyCheck(count: max(300, fuzzRuns), input: Gen.int(in: 0...10_000_000)) { seed in
            var rng = SeededRNG(seed: UInt64(seed))
            let hour = Int.random(in: 1...23, using: &rng), minute = Int.random(in: 0...59, using: &rng)
            let day = Int.random(in: 1...28, using: &rng), month = Int.random(in: 1...12, using: &rng)
            let year = Int.random(in: 1990...2030, using: &rng)
            let time = String(format: "%d:%02d", hour, minute)
            let texts = [
                "See you at \(time) on \(day)/\(month)/\(year)", "Jan \(day), \(year) \(time) PM",
                "It was €\(Int.random(in: 1...999, using: &rng)).\(Int.random(in: 10...99, using: &rng)) for \(Int.random(in: 2...9, using: &rng)) of us",
                "\(year)-\(String(format: "%02d", month))-\(String(format: "%02d", day)) \(time)",
                "Room \(Int.random(in: 1...999, using: &rng)), table \(Int.random(in: 1...40, using: &rng))",
                "From \(year) to \(year + 3), \(Int.random(in: 2...12, using: &rng)) times",
                "Flight at \(time), gate B\(Int.random(in: 1...60, using: &rng))",
                "\(Int.random(in: 1000...99_999, using: &rng)) steps today!", "\(day).\(month).\(year) um \(time) Uhr",
            ]
            let text = texts.randomElement(using: &rng)!
            let (redacted, counts) = Redactor().redact(text)
            #expect(redacted == text, "\(text) → \(redacted) \(counts)")
        }
    }
}
