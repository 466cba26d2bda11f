import CommandKit
import Core
import Platform
import Terminal

/// Shell completion scripts (`--completions bash|zsh|fish`), made from the option table and the command table:
/// the options and what their values can be, the commands a one-shot run takes (the race list's, where it starts,
/// and the shell's own), and the words each command's argument can be.
enum CompletionScripts {
    static func script(for shell: String) -> String {
        switch shell {
        case "zsh": zsh()
        case "fish": fish()
        default: bash()
        }
    }

    /// The commands `next-to-go COMMAND` can run, each once by its words.
    static var commands: [CommandEntry] {
        AppFeatures.commands.entries(on: .raceList, screenBelow: false)
    }

    /// The words each command's argument can be, for the commands that have some.
    static var argumentWords: [(entry: CommandEntry, words: [String])] {
        let completion = Completion(table: AppFeatures.commands)
        return commands.compactMap { entry in
            let words = completion.firstArgumentWords(of: entry)
            return words.isEmpty ? nil : (entry, words)
        }
    }

    private static var valuedNames: [String] {
        AppFeatures.options.entries.flatMap { entry in entry.allNames.filter(entry.takesValue) }
    }

    // MARK: - bash

    static func bash() -> String {
        var valueCases: [String] = []
        var splitPathCases: [String] = []
        for entry in AppFeatures.options.entries {
            let names = entry.allNames.filter(entry.takesValue)
            guard !names.isEmpty else { continue }
            let pattern = names.joined(separator: "|")
            switch entry.suggestions {
            case .words(let words):
                valueCases.append(
                    "        \(pattern)) _next_to_go_offer \"\(words.joined(separator: " "))\"; return ;;")
            case .wordsThenPaths(let words, let schemes, let folders):
                let kind = folders ? "-d" : "-f"
                valueCases.append(
                    "        \(pattern)) _next_to_go_path \(kind) \"\(schemes.joined(separator: " "))\" || _next_to_go_offer \"\(words.joined(separator: " "))\"; return ;;"
                )
                // Plain bash splits `file:x` at the colon: the option, the scheme, `:`, and the path.
                for name in names {
                    for scheme in schemes {
                        splitPathCases.append(
                            "            '\(name) \(scheme)') compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen \(kind) -- \"$cur\"); return ;;"
                        )
                    }
                }
            case .directories:
                valueCases.append(
                    "        \(pattern)) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\"); return ;;"
                )
            case .none:
                valueCases.append("        \(pattern)) return ;;")
            }
        }
        let argumentCases = argumentWords.map { entry, words in
            "        \(entry.words.map(bashQuoted).joined(separator: "|"))) choices=\"\(words.joined(separator: " "))\" ;;"
        }
        let optionWords = AppFeatures.options.entries.flatMap(\.names).joined(separator: " ")
        let commandWords = commands.flatMap(\.words).joined(separator: " ")
        return """
            # bash completion for next-to-go, made by `next-to-go --completions bash`.
            # Load it with `source <(next-to-go --completions bash)`, or save it as
            # ~/.local/share/bash-completion/completions/next-to-go.
            # Each choice a line: never split at spaces, never a pattern (`?` is a command).
            _next_to_go_offer() {
                mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur")
            }
            # A value that starts with a path's scheme (`file:`): a path after it, files (-f) or folders (-d).
            _next_to_go_path() {
                local scheme path
                for scheme in $2; do
                    [[ $cur == "$scheme"* ]] || continue
                    COMPREPLY=()
                    while IFS= read -r path; do COMPREPLY+=("$scheme$path"); done < <(compgen "$1" -- "${cur#"$scheme"}")
                    return 0
                done
                return 1
            }
            _next_to_go() {
                local cur prev words cword
                # bash-completion, where loaded, keeps `file:x` and `--count=3` whole; plain bash splits them.
                if declare -F _get_comp_words_by_ref >/dev/null; then
                    _get_comp_words_by_ref -n =: cur prev words cword
                else
                    words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD
                    cur=${words[cword]}; prev=${words[cword-1]}
                fi
                if [[ $cur == --*=* ]]; then prev=${cur%%=*}; cur=${cur#*=}; fi
                # Plain bash makes `--region=a` three words: --region, =, a.
                [[ $cur == = ]] && cur=
                if [[ $prev == = ]] && ((cword >= 2)); then prev=${words[cword-2]}; fi
                COMPREPLY=()
                if [[ $prev == : ]] && ((cword >= 3)); then
                    case "${words[cword-3]} ${words[cword-2]}:" in
            \(splitPathCases.joined(separator: "\n"))
                    esac
                fi
                case $prev in
            \(valueCases.joined(separator: "\n"))
                esac
                local i word command= takesValue=
                for ((i = 1; i < cword; i++)); do
                    word=${words[i]}
                    if [[ $word == = || $word == : ]]; then takesValue=1; continue; fi
                    if [[ -n $takesValue ]]; then takesValue=; continue; fi
                    case $word in
                        \(valuedNames.joined(separator: "|"))) takesValue=1 ;;
                        -*=* | -*) ;;
                        *) command=$word; break ;;
                    esac
                done
                if [[ -z $command ]]; then
                    if [[ $cur == -* ]]; then
                        _next_to_go_offer "\(optionWords)"
                    else
                        _next_to_go_offer "\(commandWords)"
                    fi
                    return
                fi
                local choices=
                case $command in
            \(argumentCases.joined(separator: "\n"))
                esac
                [[ -n $choices ]] && _next_to_go_offer "$choices"
            }
            complete -F _next_to_go next-to-go

            """
    }

    /// A command word as a bash `case` pattern: `?` matches any character there, so it is quoted.
    private static func bashQuoted(_ word: String) -> String {
        word.allSatisfy { $0.isLetter || $0.isNumber } ? word : "'\(word)'"
    }

    // MARK: - zsh

    static func zsh() -> String {
        var specs: [String] = []
        var valueFunctions: [String] = []
        for entry in AppFeatures.options.entries {
            let description = zshEscaped(summary(entry))
            let exclusive = entry.names.count > 1 ? "'(\(entry.names.joined(separator: " ")))'" : ""
            for name in entry.names {
                var spec = "\(exclusive)'\(name)[\(description)]"
                if entry.takesValue(name) {
                    let placeholder = zshEscaped(entry.placeholder ?? "VALUE")
                    switch entry.suggestions {
                    case .words(let words): spec += ":\(placeholder):(\(words.map(zshEscaped).joined(separator: " ")))"
                    case .directories: spec += ":\(placeholder):_files -/"
                    case .wordsThenPaths(let words, let schemes, let folders):
                        // After a scheme, a path; before it, the words: a function of its own, the spec's
                        // fields being split at every colon.
                        let function = "_next_to_go_" + (entry.names.last ?? name).filter(\.isLetter)
                        if !valueFunctions.contains(where: { $0.hasPrefix(function + "()") }) {
                            let pattern = "(" + schemes.map { $0.dropLast() }.joined(separator: "|") + "):"
                            valueFunctions.append(
                                """
                                \(function)() {
                                    if compset -P '\(pattern)'; then _files\(folders ? " -/" : ""); else compadd -- \(words.joined(separator: " ")); fi
                                }
                                """)
                        }
                        spec += ":\(placeholder):\(function)"
                    case .none: spec += ":\(placeholder): "
                    }
                }
                specs.append("        " + spec + "' \\")
            }
        }
        let commandLines = commands.flatMap { entry in
            entry.words.map { "        '\(zshEscaped($0)):\(zshEscaped(entry.summary))'" }
        }
        let argumentCases = argumentWords.map { entry, words in
            "            (\(entry.words.map { zshPattern($0) }.joined(separator: "|"))) compadd -- \(words.joined(separator: " ")) ;;"
        }
        return """
            #compdef next-to-go
            # zsh completion for next-to-go, made by `next-to-go --completions zsh`. Save it as _next-to-go in a
            # folder of your $fpath (e.g. ~/.zfunc, with `fpath=(~/.zfunc $fpath)` before `compinit`).
            \(valueFunctions.joined(separator: "\n"))
            _next_to_go() {
                local -a commands
                commands=(
            \(commandLines.joined(separator: "\n"))
                )
                local state
                _arguments -s \\
            \(specs.joined(separator: "\n"))
                    '1: :->command' \\
                    '*:: :->argument'
                case $state in
                    command) _describe -t commands 'command' commands ;;
                    argument)
                        case $words[1] in
            \(argumentCases.joined(separator: "\n"))
                        esac
                        ;;
                esac
            }
            _next_to_go "$@"

            """
    }

    private static func zshEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "[", "]", ":", "\\": escaped += "\\" + String(character)
            case "'": escaped += "'\\''"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static func zshPattern(_ word: String) -> String {
        word.allSatisfy { $0.isLetter || $0.isNumber } ? word : "'\(word)'"
    }

    // MARK: - fish

    static func fish() -> String {
        var lines = [
            "# fish completion for next-to-go, made by `next-to-go --completions fish`. Save it as",
            "# ~/.config/fish/completions/next-to-go.fish.",
            "complete -c next-to-go -f",
            "# After a path's scheme (`file:`), paths with the scheme in front; -d: folders only.",
            "function __next_to_go_paths",
            "    set -l token (commandline -ct)",
            "    for scheme in $argv[2..-1]",
            "        if string match -q -- \"$scheme*\" $token",
            "            set -l path (string replace -- $scheme '' $token)",
            "            if test $argv[1] = -d",
            "                __fish_complete_directories $path | string replace -r '^' $scheme",
            "            else",
            "                __fish_complete_path $path | string replace -r '^' $scheme",
            "            end",
            "        end",
            "    end",
            "end",
        ]
        for entry in AppFeatures.options.entries {
            let description = fishQuoted(summary(entry))
            for name in entry.allNames where !entry.hiddenNames.contains(name) {
                let flag = name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())"
                var line = "complete -c next-to-go \(flag)"
                if entry.takesValue(name) {
                    // The values on a line of their own, before the option's: with `-d` on the same line fish
                    // shows the option's whole description beside every value.
                    let values: String? =
                        switch entry.suggestions {
                        case .words(let words): fishQuoted(words.joined(separator: " "))
                        case .directories: "'(__fish_complete_directories)'"
                        case .wordsThenPaths(let words, let schemes, let folders):
                            // After a scheme, a path: fish's own, with the scheme put back in front.
                            fishQuoted(
                                "(__next_to_go_paths \(folders ? "-d" : "-f") \(schemes.joined(separator: " "))) "
                                    + words.joined(separator: " "))
                        case .none: nil
                        }
                    if let values { lines.append("complete -c next-to-go \(flag) -x -a \(values)") }
                    line += " -x"
                }
                lines.append(line + " -d \(description)")
            }
        }
        for entry in commands {
            for word in entry.words {
                // `-a` is expanded as fish words: `?` (help) would be a pattern.
                let argument = word == "?" ? "'\\?'" : fishQuoted(word)
                lines.append(
                    "complete -c next-to-go -n __fish_use_subcommand -a \(argument) -d \(fishQuoted(entry.summary))")
            }
        }
        for (entry, words) in argumentWords {
            // The condition is run as a command: `?` (help's other name) must stay a word, not a wildcard.
            let seen = entry.words.map { word in
                word.reduce(into: "") { escaped, character in
                    if "?*[]".contains(character) { escaped += "\\" }
                    escaped.append(character)
                }
            }.joined(separator: " ")
            lines.append(
                "complete -c next-to-go -n '__fish_seen_subcommand_from \(seen)' -a \(fishQuoted(words.joined(separator: " ")))"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    /// An option's first help line, without Markdown's backticks.
    private static func summary(_ entry: LaunchOptionEntry) -> String {
        (entry.help.first ?? "").replacing("`", with: "").trimmingSpaces()
    }
}
