// swift-tools-version: 6.0
import PackageDescription

// On Linux the executables allocate through mimalloc (Debian's `libmimalloc-dev`), linked ahead
// of the C library so that it serves the whole process, libxml2 included: a compile allocates tens
// of thousands of small blocks on two threads, and glibc's allocator took a tenth of its time and
// made the threads wait on each other's arenas (docs/performance.md).
let allocator: [LinkerSetting] = [.linkedLibrary("mimalloc", .when(platforms: [.linux]))]

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
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "SegueXML", dependencies: ["CLibXML2"]),
        .target(name: "Segue"),
        .target(
            name: "SegueCompiler",
            dependencies: ["Segue", "SegueXML", .product(name: "Mustache", package: "swift-mustache")],
            resources: [.copy("Templates")]
        ),
        .target(name: "SegueFiles", dependencies: ["Segue"]),
        .target(name: "SeguePresets", dependencies: ["Segue"]),
        .target(
            name: "SeguePreview",
            dependencies: [
                "SegueCompiler",
                "SegueFiles",
                "SeguePresets",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "segue",
            dependencies: [
                "SegueCompiler",
                "SegueFiles",
                "SeguePresets",
                "SeguePreview",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: allocator
        ),
        // Figures, not tests: `scripts/benchmark`.
        .executableTarget(name: "segue-benchmark", dependencies: ["SegueCompiler", "SeguePresets", "SegueFiles"], linkerSettings: allocator),
        .testTarget(name: "SegueTests", dependencies: ["Segue"]),
        .testTarget(name: "SegueCompilerTests", dependencies: ["SegueCompiler", "SeguePresets", "SegueXML"]),
        .testTarget(name: "SegueFilesTests", dependencies: ["SegueFiles"]),
        .testTarget(name: "SegueCLITests", dependencies: ["segue"]),
        .testTarget(
            name: "SeguePreviewTests",
            dependencies: [
                "SeguePreview",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Fuzz targets over what Segue reads from outside; `scripts/fuzz` runs them under libFuzzer.
        .target(name: "SegueFuzzing", dependencies: ["SegueCompiler", "SegueFiles", "SeguePresets"]),
        .executableTarget(name: "segue-fuzz", dependencies: ["SegueFuzzing"]),
        // Random transitions through the public DSL: `swift test --filter SeguePropertyTests`.
        .testTarget(
            name: "SeguePropertyTests",
            dependencies: ["SegueCompiler", "SegueXML", "SegueFuzzing"]
        ),
    ]
)
