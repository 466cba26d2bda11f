import Core
import SystemCalls
import Text

/// The locale variables are input like any other: the C library reads them, and so do the programs the app
/// starts (notify-send). A value that is no locale name (`LANG=ééééééé`) once crashed the app, through ICU.
/// Each variable that is set to something other than a locale name is removed from the process's environment
/// at launch, so the C locale is used, and the user is told which was ignored.
public enum LocaleEnvironment {
    /// The variables the C library reads for the locale, in their order of precedence.
    public static let variables = ["LC_ALL", "LC_MESSAGES", "LC_TIME", "LC_CTYPE", "LANG", "LANGUAGE"]

    /// Removes the variables that are not locale names; returns one warning for each.
    public static func removeInvalid() -> [String] {
        var warnings: [String] = []
        for variable in variables {
            guard let value = EnvironmentVariables.value(variable), !isValid(value, variable: variable) else {
                continue
            }
            EnvironmentVariables.remove(variable)
            warnings.append(
                "\(variable)=\(TerminalText.quoted(value)) is not a locale name; it is ignored, and the C locale is used."
            )
        }
        return warnings
    }

    /// A locale name as POSIX and ICU spell them: `C`, `POSIX`, or `language[_TERRITORY][.codeset][@modifier]`,
    /// in ASCII letters, digits and a few marks, no longer than a locale name gets. `LANGUAGE` is a list of
    /// them split by colons. Empty is fine: it is as if unset.
    public static func isValid(_ value: String, variable: String = "LANG") -> Bool {
        if value.isEmpty { return true }
        guard value.utf8.count <= 128 else { return false }
        let names =
            variable == "LANGUAGE" ? value.split(separator: ":", omittingEmptySubsequences: false) : [value[...]]
        return names.allSatisfy(isLocaleName)
    }

    private static func isLocaleName(_ name: Substring) -> Bool {
        if name == "C" || name == "POSIX" { return true }
        var rest = name
        var modifier: Substring?
        if let at = rest.firstIndex(of: "@") {
            modifier = rest[rest.index(after: at)...]
            rest = rest[..<at]
        }
        var codeset: Substring?
        if let dot = rest.firstIndex(of: ".") {
            codeset = rest[rest.index(after: dot)...]
            rest = rest[..<dot]
        }
        let parts = rest.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        guard let language = parts.first, (1...8).contains(language.count), language.allSatisfy(isASCIILetter)
        else { return false }
        if parts.count == 2 {
            guard (1...8).contains(parts[1].count), parts[1].allSatisfy(isASCIILetterOrDigit) else { return false }
        }
        if let codeset {
            guard (1...20).contains(codeset.count), codeset.allSatisfy({ isASCIILetterOrDigit($0) || $0 == "-" })
            else { return false }
        }
        if let modifier {
            guard (1...40).contains(modifier.count),
                modifier.allSatisfy({ isASCIILetterOrDigit($0) || "_=-".contains($0) })
            else { return false }
        }
        return true
    }

    private static func isASCIILetter(_ character: Character) -> Bool {
        character.isASCII && character.isLetter
    }

    private static func isASCIILetterOrDigit(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }
}
