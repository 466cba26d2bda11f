// The one place that chooses Foundation: FoundationEssentials on Linux (no ICU, none of Foundation's 30 MB),
// Foundation on Darwin, where it is the system's. Every target that needs Foundation's types imports Platform
// (or SystemCalls, which re-exports it).
#if canImport(FoundationEssentials)
    @_exported import FoundationEssentials
#else
    @_exported import Foundation
#endif

// A test file that imports Platform and Foundation too sees two TimeIntervals (FoundationEssentials' and
// Foundation's own): it can use the name as a type, but a parameterised @Test's macro writes
// `(TimeInterval).self`, which is then ambiguous. Such tests take their seconds as Double.
