import XCTest

@testable import ReplyShot

/// `--lang auto`: the choice of language data from a first reading, the shipped language
/// files, and the chrome words they add to the reader.
final class LanguageChooserTests: XCTestCase {
    let book = try! LanguageBook(directory: Fixtures.prompts.appendingPathComponent("languages"))

    func words(_ text: String, confidence: Double = 0.93) -> [OCRWord] {
        text.split(separator: " ").enumerated().map { index, word in
            OCRWord(
                text: String(word), box: PixelRect(x: index * 60, y: 100, width: 50, height: 30), confidence: confidence
            )
        }
    }

    /// A detector that records whether it was asked.
    final class Detector {
        var asked = 0
        let answer: DetectedScript?
        init(_ answer: DetectedScript?) { self.answer = answer }
        func detect() -> DetectedScript? {
            asked += 1
            return answer
        }
    }

    let german = "Hallo Lena! Ich bin gerade zurück und wir sehen uns heute Abend, aber nicht zu spät ist das okay"
    let english = "Hey are you coming to the party tonight? I think it's going to be fun and we can get food after"

    func testGermanWordsAreReadAgainWithGermanDataWhenItIsInstalled() {
        let chooser = LanguageChooser(book: book, installed: ["eng", "deu"])
        let detector = Detector(DetectedScript(name: "Latin", confidence: 9))
        let decision = chooser.decide(words: words(german), detectScript: detector.detect)
        XCTAssertEqual(decision, .reread(PageLanguage(code: "deu", readWith: "deu+eng"), because: .words))
    }

    func testGermanWithoutGermanDataKeepsTheEnglishReadingAndNamesThePackage() {
        let chooser = LanguageChooser(book: book, installed: ["eng"])
        guard case .keep(let language) = chooser.decide(words: words(german), detectScript: { nil }) else {
            return XCTFail("English data reads German words; nothing to read again with")
        }
        XCTAssertEqual(language.code, "deu")
        XCTAssertEqual(language.missingPackage, "tesseract-ocr-deu")
        XCTAssertFalse(language.unreadable, "Latin letters are readable, only accents suffer")
    }

    func testAConfidentEnglishReadingStandsWithoutAskingForTheScript() {
        let chooser = LanguageChooser(book: book, installed: ["eng", "deu", "rus"])
        let detector = Detector(DetectedScript(name: "Cyrillic", confidence: 6))
        let decision = chooser.decide(words: words(english), detectScript: detector.detect)
        XCTAssertEqual(decision, .keep(PageLanguage(code: "eng", readWith: "eng")))
        XCTAssertEqual(detector.asked, 0, "script detection costs time; a sure English reading needs none")
    }

    func testCyrillicReadAsEnglishGarbageIsReadAgainInRussian() {
        let garbage = words("3o0paBcTBynte, 3a 10000 otnagute? Mory yctynutb fo 11000", confidence: 0.6)
        let chooser = LanguageChooser(book: book, installed: ["eng", "rus"])
        let detector = Detector(DetectedScript(name: "Cyrillic", confidence: 3))
        XCTAssertEqual(
            chooser.decide(words: garbage, detectScript: detector.detect),
            .reread(PageLanguage(code: "rus", readWith: "rus+eng"), because: .script))
        XCTAssertEqual(detector.asked, 1)
    }

    func testCyrillicWithoutRussianDataIsUnreadableAndNamesThePackage() {
        let garbage = words("3o0paBcTBynte, 3a 10000 otnagute? Mory yctynutb fo 11000", confidence: 0.6)
        let chooser = LanguageChooser(book: book, installed: ["eng"])
        guard
            case .keep(let language) = chooser.decide(
                words: garbage, detectScript: { DetectedScript(name: "Cyrillic", confidence: 3) })
        else { return XCTFail("nothing installed reads Cyrillic") }
        XCTAssertEqual(language.code, "rus")
        XCTAssertEqual(language.missingPackage, "tesseract-ocr-rus")
        XCTAssertTrue(language.unreadable)
    }

    func testAnUnsureGuessOfAnotherScriptIsIgnored() {
        let unsure = words("Photo 9:41 Ok lol", confidence: 0.6)
        let chooser = LanguageChooser(book: book, installed: ["eng", "rus"])
        let decision = chooser.decide(
            words: unsure, detectScript: { DetectedScript(name: "Cyrillic", confidence: 0.8) })
        XCTAssertEqual(decision, .keep(PageLanguage(code: "eng", readWith: "eng", settled: false)))
    }

    func testAScriptWhosePackageIsUnderscoredNamesDebiansDashedName() {
        let chooser = LanguageChooser(book: book, installed: ["eng"])
        guard
            case .keep(let language) = chooser.decide(
                words: words("x y z", confidence: 0.4), detectScript: { DetectedScript(name: "Han", confidence: 4) })
        else { return XCTFail("no Chinese data is installed") }
        XCTAssertEqual(language.missingPackage, "tesseract-ocr-chi-sim")
    }

    func testTheConfigFilesPreferredLanguagesAreTheFirstReading() {
        let chooser = LanguageChooser(book: book, installed: ["eng", "deu"], preferred: ["deu", "fra", "eng"])
        XCTAssertEqual(chooser.firstLanguage, "deu+eng", "languages that are not installed are left out")
        XCTAssertEqual(
            chooser.decide(words: words(german), detectScript: { nil }),
            .keep(PageLanguage(code: "deu", readWith: "deu+eng")))
    }

    func testAFewForeignWordsInAnEnglishChatDoNotSwitchIt() {
        let chooser = LanguageChooser(book: book, installed: ["eng", "deu", "spa"])
        XCTAssertNil(chooser.guessLanguage(of: ["Gracias!"], script: "Latin"))
        XCTAssertEqual(
            chooser.guessLanguage(of: [english + " Danke, bis morgen"], script: "Latin"), "eng")
    }

    func testAnotherLanguagesWordsInAnUnsureReadingAreChance() {
        // aTalk's blurred JPEG read as garbage with a French "il", "ne", "ces" and "ma" in it;
        // the same words read surely are French.
        let garbage =
            "7 1 lio ba sit a eee eee li ra il ma rr aw ae mar te im if i tl ans j os a as re = rank ces gi j ne cs as"
        let chooser = LanguageChooser(book: book, installed: ["eng", "fra"])
        XCTAssertEqual(chooser.guessLanguage(of: [garbage], script: "Latin"), "fra")
        guard case .keep(let unsure) = chooser.decide(words: words(garbage, confidence: 0.55), detectScript: { nil })
        else { return XCTFail("an unsure reading is not read again in a language guessed from chance words") }
        XCTAssertEqual(unsure.code, "eng")
        let french = "Salut ! Il ne vient pas ce soir, mais nous avons des places pour le concert de demain"
        XCTAssertEqual(
            chooser.decide(words: words(french), detectScript: { nil }),
            .reread(PageLanguage(code: "fra", readWith: "fra+eng"), because: .words))
    }

    func testEverydayWordsReadSurelyAmongAPicturesScrapsChooseTheLanguage() {
        // nospeak: German captions under two photos, whose scraps ("ah", "ee.", "(@4,") pull
        // the page's mean confidence under the bar; the everyday words themselves are sure.
        let chooser = LanguageChooser(book: book, installed: ["eng", "deu"])
        let scraps = words("ah ee. ss a nia = en ee (@4,", confidence: 0.3)
        let captions = words("Mit Blossom-Mirroring. Mit eigenem Blossom-Server. Und gleich mal testen.")
        XCTAssertLessThan((scraps + captions).meanConfidence, LanguageChooser.unsureReading)
        XCTAssertEqual(
            chooser.decide(words: scraps + captions, detectScript: { nil }),
            .reread(PageLanguage(code: "deu", readWith: "deu+eng"), because: .words))
        // The same words read unsurely are still chance.
        guard
            case .keep(let kept) = chooser.decide(
                words: words("Mit eigenem Und gleich mal", confidence: 0.5) + scraps, detectScript: { nil })
        else { return XCTFail("unsure everyday words are chance") }
        XCTAssertEqual(kept.code, "eng")
    }

    func testASecondReadingInAWronglyDetectedScriptIsNotKept() {
        let chooser = LanguageChooser(book: book, installed: ["eng", "rus"])
        let first = words(english, confidence: 0.72)
        XCTAssertFalse(
            chooser.keepsSecondReading(first: first, second: words(english, confidence: 0.5), evidence: .script))
        let russian = "Привет! Ты придёшь сегодня вечером? Я думаю будет весело"
        XCTAssertTrue(
            chooser.keepsSecondReading(first: first, second: words(russian, confidence: 0.9), evidence: .script))
        XCTAssertTrue(
            chooser.keepsSecondReading(first: first, second: words(english, confidence: 0.71), evidence: .words),
            "another Latin language may read a little less surely and still keep its accents")
    }

    func testAFewEnglishWordsTheDetectorTookForCyrillicKeepTheirEnglishReading() {
        // A scroll's shot of WhatsApp showing only "Hello" and "Hi": too few words to know
        // the language, and OSD says Cyrillic. Read with rus+eng the words stay Latin and only
        // the time turns Cyrillic ("з:з4рм"), however sure Tesseract is of it.
        let chooser = LanguageChooser(book: book, installed: ["eng", "rus"])
        let first = words("A User 18 Hello 3:34pm Hi 3:34pm", confidence: 0.8)
        let second = words("A User 18 Hello з:з4рм Hi з:з4рм", confidence: 0.85)
        XCTAssertFalse(chooser.keepsSecondReading(first: first, second: second, evidence: .script))
        XCTAssertFalse(
            chooser.keepsReading(in: PageLanguage(code: "rus", readWith: "rus+eng"), first: first, second: second))
    }
}

final class LanguageFilesTests: XCTestCase {
    func testEveryShippedLanguageFileIsNamedForItsCodeAndHasWordsToBeRecognisedBy() throws {
        let folder = Fixtures.prompts.appendingPathComponent("languages")
        let book = try LanguageBook(directory: folder)
        XCTAssertTrue(Set(["eng", "deu", "spa", "rus"]).isSubset(of: Set(book.profiles.keys)))
        for (code, profile) in book.profiles {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(code).json").path), code)
            XCTAssertGreaterThanOrEqual(profile.stopwords.count, 30, code)
        }
        XCTAssertEqual(book.languages(for: "Cyrillic").first, "rus")
    }

    func testABrokenLanguageFileIsAnErrorNamingIt() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"code\": \"xx\"}".utf8).write(to: folder.appendingPathComponent("xx.json"))
        XCTAssertThrowsError(try LanguageBook(directory: folder)) { error in
            XCTAssertTrue(error.localizedDescription.contains("xx.json"), error.localizedDescription)
        }
    }
}

/// The chrome words of the shipped languages, as the reader uses them.
final class LocalizedChromeTests: XCTestCase {
    let chrome = ChromeFilter()
    let metadata = MessageMetadata()

    func testDayStampsInOtherLanguagesAreStamps() {
        for stamp in ["HEUTE", "Gestern", "Vie 20:14", "Sáb 11:02", "СЕГОДНЯ", "12. März", "Вчера 18:40"] {
            XCTAssertTrue(chrome.isStamp(stamp), stamp)
        }
    }

    func testMessagesThatStartWithADayWordAreNotStamps() {
        for message in ["Heute Abend gehen wir essen", "Hoy no puedo", "Сегодня не могу, извини"] {
            XCTAssertFalse(chrome.isStamp(message), message)
        }
    }

    func testStatusLinesAndPlaceholdersInOtherLanguages() {
        XCTAssertTrue(chrome.isHeaderNoise("zuletzt online heute um 10:02"))
        XCTAssertTrue(chrome.isHeaderNoise("в сети"))
        XCTAssertFalse(chrome.isHeaderNoise("Zuletzt war ich in Berlin"))
        XCTAssertTrue(chrome.isPlaceholder("Envía un mensaje"))
        XCTAssertTrue(chrome.isReceipt("Gelesen 14:02"))
    }

    func word(_ text: String, _ x: Int, height: Int = 30) -> OCRWord {
        OCRWord(text: text, box: PixelRect(x: x, y: 0, width: 40, height: height), confidence: 0.95)
    }

    func testABubblesTimeWithItsSuffixIsStrippedButAMessagesOwnTimeIsKept() {
        let stamped = ["Bis", "gleich", "14:02", "Uhr"].enumerated().map { word($1, $0 * 50) }
        XCTAssertEqual(metadata.strippingTrailing(stamped, lineHeight: 30).kept.map(\.text), ["Bis", "gleich"])
        let own = ["Treffen", "um", "8:30", "Uhr"].enumerated().map { word($1, $0 * 50) }
        XCTAssertEqual(metadata.strippingTrailing(own, lineHeight: 30).kept.map(\.text), own.map(\.text))
        let spanish = ["Nos", "vemos", "a", "las", "20:30"].enumerated().map { word($1, $0 * 50) }
        XCTAssertEqual(metadata.strippingTrailing(spanish, lineHeight: 30).kept.map(\.text), spanish.map(\.text))
    }

    func testALapseInTwoUnitsOrATimeEndingASentenceIsTheMessagesButOneUnitIsAStamp() {
        // Antidote's echo bot reports "Uptime: 0d 23h 20m" in the message's own type.
        let lapse = ["Uptime:", "0d", "23h", "20m"].enumerated().map { word($1, $0 * 50) }
        XCTAssertEqual(metadata.strippingTrailing(lapse, lineHeight: 30).kept.map(\.text), lapse.map(\.text))
        let stamped = ["see", "you", "there", "23h"].enumerated().map { word($1, $0 * 50) }
        XCTAssertEqual(metadata.strippingTrailing(stamped, lineHeight: 30).kept.map(\.text), ["see", "you", "there"])
        // Watson's assistant confirms "Okay, 3:30 PM." in its own type: the sentence's time.
        let sentence = ["Okay,", "3:30", "PM."].enumerated().map { word($1, $0 * 50) }
        XCTAssertEqual(metadata.strippingTrailing(sentence, lineHeight: 30).kept.map(\.text), sentence.map(\.text))
        // A message that is a number, with its small time beside it (SimpleChat's "234 11:56").
        let figure = [word("234", 0), word("11:56", 60, height: 12)]
        XCTAssertEqual(metadata.strippingTrailing(figure, lineHeight: 30).kept.map(\.text), ["234"])
        XCTAssertFalse(metadata.isMetadataRow(figure))
        XCTAssertTrue(metadata.isMetadataRow([word("14", 0), word("11:56", 60, height: 12)]))
        // Small, two lapses are still a stamp's ("2h 5m" under a post).
        let small = [word("done", 0), word("2h", 60, height: 12), word("5m", 110, height: 12)]
        XCTAssertEqual(metadata.strippingTrailing(small, lineHeight: 30).kept.map(\.text), ["done"])
    }

    func testAMoreButtonsSmallDotsAndAnUnderlinedMeridiemAreSmallPrint() {
        // Campfire: "9:29 AM •••" read as "9:29", "AM_" and a small "eee".
        let stamped = [word("morning", 0), word("9:29", 60), word("AM_", 110), word("eee", 160, height: 12)]
        XCTAssertEqual(metadata.strippingTrailing(stamped, lineHeight: 30).kept.map(\.text), ["morning"])
        // In the message's own type "ooo" is a word; "booo" or "eeek" never were the dots.
        let own = [word("nice", 0), word("ooo", 60)]
        XCTAssertEqual(metadata.strippingTrailing(own, lineHeight: 30).kept.map(\.text), ["nice", "ooo"])
        XCTAssertTrue(MessageMetadata.isOverflowDots("eee"))
        XCTAssertFalse(MessageMetadata.isOverflowDots("eeek"))
        XCTAssertFalse(MessageMetadata.isOverflowDots("boo"))
    }
}

/// The German, Spanish and Russian samples read with no language given, and the Russian one
/// again with only English data installed (the test target installs tesseract-ocr-deu,
/// -spa and -rus; their absence is a failure, not a skip).
final class AutomaticLanguageTests: XCTestCase {
    final class Warnings: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    func pipeline(_ options: OCROptions, warnings: Warnings) throws -> Pipeline {
        let resources = try PromptResources(directory: Fixtures.prompts)
        var options = options
        options.languageBook = resources.languages
        return Pipeline(
            resources: resources, recognizer: try RegionScreenRecognizer(options: options),
            generator: try OfflineReplyGenerator(
                contentsOf: Fixtures.prompts.appendingPathComponent("offline-replies.json")),
            warn: { warnings.add($0) })
    }

    func analyze(_ sample: String, _ options: OCROptions, warnings: Warnings = Warnings()) async throws -> (
        AnalysisReport, TruthFile
    ) {
        let folder = Fixtures.samples.appendingPathComponent(sample)
        let truth = try TruthFile.load(from: folder.appendingPathComponent("truth.json"))
        let report = try await pipeline(options, warnings: warnings).analyze(
            AnalysisOptions(folder: folder, window: .everything, bundleId: truth.app))
        return (report, truth)
    }

    func testSamplesInOtherLanguagesComeOutWellWithNoLanguageGiven() async throws {
        for (sample, language, name) in [
            ("whatsapp-de-lena", "deu", "German"), ("hinge-es-lucia", "spa", "Spanish"),
            ("telegram-ru-dmitry", "rus", "Russian"),
        ] {
            let (report, truth) = try await analyze(sample, OCROptions(jobs: 2))
            XCTAssertEqual(truth.language, language, "the sample's truth names its language")
            let score = ConversationEvaluator().score(output: report.conversation.messages, truth: truth.messages)
            XCTAssertGreaterThanOrEqual(score.recall, 0.97, "\(sample): \(score)")
            XCTAssertLessThanOrEqual(score.meanCharacterErrorRate, 0.02, "\(sample): \(score)")
            XCTAssertEqual(score.duplicates, 0, "\(sample): \(score)")
            XCTAssertEqual(report.conversation.language, language, sample)
            XCTAssertTrue(report.prompt.contains("write the replies in \(name)"), "\(sample): \(report.prompt)")
            XCTAssertNotNil(report.generator.note, "the offline generator says it answers in English only")
        }
    }

    func testEnglishStaysEnglishWithoutANote() async throws {
        let (report, _) = try await analyze("hinge-olivia", OCROptions(jobs: 2))
        XCTAssertEqual(report.conversation.language, "eng")
        XCTAssertNil(report.generator.note)
        XCTAssertFalse(report.prompt.contains("write the replies in"))
    }

    func testRussianWithoutRussianDataWarnsNamingThePackageAndMarksTheMessagesUnsure() async throws {
        let installed = try TessdataLocator().directory(for: "eng+osd")
        let onlyEnglish = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: onlyEnglish) }
        for file in ["eng.traineddata", "osd.traineddata"] {
            try FileManager.default.createSymbolicLink(
                at: onlyEnglish.appendingPathComponent(file), withDestinationURL: installed.appendingPathComponent(file)
            )
        }
        let warnings = Warnings()
        let (report, _) = try await analyze(
            "telegram-ru-dmitry", OCROptions(tessdata: onlyEnglish, jobs: 2), warnings: warnings)
        XCTAssertTrue(
            warnings.all.contains { $0.contains("tesseract-ocr-rus") && $0.contains("IMG_9801.PNG") },
            "warnings: \(warnings.all)")
        XCTAssertEqual(report.conversation.language, "rus")
        XCTAssertFalse(report.conversation.messages.isEmpty, "what was read is shown, marked unsure")
        XCTAssertTrue(report.conversation.messages.allSatisfy { $0.confidence <= 0.2 })
    }

    func testAnExplicitLanguageIsUsedAsGiven() async throws {
        let (report, truth) = try await analyze("telegram-ru-dmitry", OCROptions(language: "eng", jobs: 2))
        let score = ConversationEvaluator().score(output: report.conversation.messages, truth: truth.messages)
        XCTAssertLessThan(score.recall, 0.5, "English data cannot read Russian: --lang eng must not be overridden")
    }
}

extension LanguageChooserTests {
    func testASureReadingIsNeverCalledUnreadableOnTheDetectorsWordAlone() {
        let chooser = LanguageChooser(book: book, installed: ["eng"])
        let decision = chooser.decide(
            words: words("Ok 9:41 Photo", confidence: 0.93),
            detectScript: { DetectedScript(name: "Cyrillic", confidence: 6) })
        XCTAssertEqual(decision, .keep(PageLanguage(code: "eng", readWith: "eng", settled: false)))
    }

    func testAnEnglishScreenReadWithAPreferredGermanFirstIsEnglish() {
        let chooser = LanguageChooser(book: book, installed: ["eng", "deu"], preferred: ["deu", "eng"])
        XCTAssertEqual(
            chooser.decide(words: words(english), detectScript: { nil }),
            .keep(PageLanguage(code: "eng", readWith: "deu+eng")))
    }
}

extension LocalizedChromeTests {
    func testNamesThatAreAlsoShortDayNamesStayNames() {
        // ("Mar" is an English month, a stamp since before other languages came.)
        for name in ["Sam", "Dom", "Lun", "Vie"] {
            XCTAssertFalse(chrome.isStamp(name), name)
            XCTAssertFalse(metadata.isDateWord(name), name)
        }
        XCTAssertTrue(chrome.isStamp("Sam 14:02"), "a short day name before a time is a stamp")
        XCTAssertTrue(chrome.isCenteredStamp("Vie"), "and so is one alone in the middle of the chat")
    }
}

final class ExplainLegendTests: XCTestCase {
    func testOtherScriptsAreSpelledInLatinLettersOnTheExplainPictures() {
        let legend = ExplainImage.printable("Привет, как дела? Grüße")
        XCTAssertFalse(legend.contains("?,"), legend)
        XCTAssertTrue(legend.allSatisfy { $0.isASCII }, legend)
        XCTAssertTrue(legend.lowercased().hasPrefix("privet"), legend)
        XCTAssertTrue(ExplainImage.printable("ok 😂").hasPrefix("ok "), "what has no spelling still shows")
    }
}

extension LanguageChooserTests {
    func testAShotOfFewWordsIsUnsettledAndTakesItsBatchsLanguage() {
        let chooser = LanguageChooser(book: book, installed: ["eng", "deu", "rus"])
        guard case .keep(let few) = chooser.decide(words: words("Okay 👍"), detectScript: { nil }) else {
            return XCTFail("two words tell no language")
        }
        XCTAssertFalse(few.settled)
        let german = PageLanguage(code: "deu", readWith: "deu+eng")
        let english = PageLanguage(code: "eng", readWith: "eng")
        XCTAssertEqual(chooser.settledLanguage(of: [english, german, german, few]), german)
        XCTAssertNil(chooser.settledLanguage(of: [english, few]), "nothing to take from an English batch")
        let missing = PageLanguage(code: "rus", readWith: "eng", missingPackage: "tesseract-ocr-rus", unreadable: true)
        XCTAssertNil(chooser.settledLanguage(of: [missing, few]), "a screen nobody could read is no model")
    }

    func testAConversationsLanguageCountsTheShotsThatShowedIt() {
        let few = PageLanguage(code: "eng", readWith: "eng", settled: false)
        let russian = PageLanguage(code: "rus", readWith: "rus+eng")
        XCTAssertEqual(Pipeline.language(of: [few, few, russian, nil]), "rus")
        XCTAssertEqual(Pipeline.language(of: [few, nil]), "eng")
        XCTAssertNil(Pipeline.language(of: [nil]))
    }
}

extension LocalizedChromeTests {
    func testAReceiptWordInTheMessagesOwnTypeIsItsLastWord() {
        for sentence in [["Have", "you", "read"], ["Hast", "du", "das", "gesehen"], ["Ya", "lo", "he", "visto"]] {
            let row = sentence.enumerated().map { word($1, $0 * 50) }
            XCTAssertEqual(metadata.strippingTrailing(row, lineHeight: 30).kept.map(\.text), sentence)
        }
        let stamped = [
            word("Bis", 0), word("gleich", 50), word("bearbeitet", 100, height: 14), word("14:02", 160, height: 14),
        ]
        XCTAssertEqual(metadata.strippingTrailing(stamped, lineHeight: 30).kept.map(\.text), ["Bis", "gleich"])
        let small = [word("Okay", 0), word("edited", 60, height: 14)]
        XCTAssertEqual(metadata.strippingTrailing(small, lineHeight: 30).kept.map(\.text), ["Okay"])
    }
}
