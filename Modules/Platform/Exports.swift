// The one place that chooses Foundation: FoundationEssentials on Linux (no ICU, none of Foundation's 30 MB),
// Foundation on Darwin, where it is the system's. Every target imports Platform, most of them through Core,
// which re-exports it.
#if canImport(FoundationEssentials)
    @_exported import FoundationEssentials
#else
    @_exported import Foundation
#endif
