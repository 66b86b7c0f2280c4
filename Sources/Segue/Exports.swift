// A transition file imports only Segue, the way Package.swift imports only PackageDescription;
// Foundation comes with it so `sin`, `hypot`, `URL` and friends work there as in an iOS project.
@_exported import Foundation
