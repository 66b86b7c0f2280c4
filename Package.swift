// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Segue",
    platforms: [.macOS(.v13)],
    products: [
        // Transition files link this dynamic library, the way Package.swift links PackageDescription.
        .library(name: "Segue", type: .dynamic, targets: ["Segue"]),
        .library(name: "SegueCompiler", targets: ["SegueCompiler"]),
        .library(name: "SeguePresets", targets: ["SeguePresets"]),
        .executable(name: "segue", targets: ["segue"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "SegueXML", dependencies: ["CLibXML2"]),
        .target(name: "Segue"),
        .target(name: "SegueCompiler", dependencies: ["Segue", "SegueXML"]),
        .target(name: "SeguePresets", dependencies: ["Segue"]),
        .executableTarget(
            name: "segue",
            dependencies: [
                "SegueCompiler",
                "SeguePresets",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "SegueTests", dependencies: ["Segue"]),
        .testTarget(name: "SegueCompilerTests", dependencies: ["SegueCompiler", "SeguePresets", "SegueXML"]),
        .testTarget(name: "SegueCLITests", dependencies: ["segue"]),
    ]
)
