// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "replyshot",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "replyshot", targets: ["replyshot"]),
        .library(name: "ReplyShot", targets: ["ReplyShot"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        // Tesseract and Leptonica through their C APIs. Debian's tesseract.pc does not pull
        // in leptonica, so each library is linked through its own module.
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev"]), .brew(["tesseract"])]
        ),
        .systemLibrary(
            name: "CLeptonica",
            pkgConfig: "lept",
            providers: [.apt(["libleptonica-dev"]), .brew(["leptonica"])]
        ),
        // The generator's HTTP request through libcurl with every policy explicit (redirects,
        // proxies, deadline, size). libtesseract-dev already brings libcurl's headers; macOS
        // has them in its SDK.
        .target(
            name: "CHTTPPost",
            linkerSettings: [.linkedLibrary("curl")]
        ),
        // glibc's mallopt, for the executable's heap settings (empty on other systems).
        .systemLibrary(name: "CMalloc"),
        .target(
            name: "ReplyShot",
            dependencies: [
                "CTesseract",
                "CLeptonica",
                "CHTTPPost",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]
        ),
        .executableTarget(
            name: "replyshot",
            dependencies: [
                "ReplyShot",
                "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "ReplyShotTests",
            dependencies: ["ReplyShot", "CLeptonica", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
    ]
)
