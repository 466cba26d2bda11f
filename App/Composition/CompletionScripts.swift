import Foundation
import RaceListRouter
import Shell

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
        AppCommands.table.entries(on: .raceList, screenBelow: false)
    }

    /// The words each command's argument can be, for the commands that have some.
    static var argumentWords: [(entry: CommandEntry, words: [String])] {
        let completion = Completion(table: AppCommands.table)
        return commands.compactMap { entry in
            let words = completion.firstArgumentWords(of: entry)
            return words.isEmpty ? nil : (entry, words)
        }
    }

    private static var valuedNames: [String] {
        LaunchOptionEntry.all.flatMap { entry in entry.allNames.filter(entry.takesValue) }
    }

    // MARK: - bash

    static func bash() -> String {
        var valueCases: [String] = []
        for entry in LaunchOptionEntry.all {
            let names = entry.allNames.filter(entry.takesValue)
            guard !names.isEmpty else { continue }
            let pattern = names.joined(separator: "|")
            switch entry.suggestions {
            case .words(let words):
                valueCases.append(
                    "        \(pattern)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;"
                )
            case .directories:
                valueCases.append("        \(pattern)) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;")
            case .none:
                valueCases.append("        \(pattern)) return ;;")
            }
        }
        let argumentCases = argumentWords.map { entry, words in
            "        \(entry.words.map(bashQuoted).joined(separator: "|"))) words=\"\(words.joined(separator: " "))\" ;;"
        }
        let optionWords = LaunchOptionEntry.all.flatMap(\.names).joined(separator: " ")
        let commandWords = commands.flatMap(\.words).joined(separator: " ")
        return """
            # bash completion for next-to-go, made by `next-to-go --completions bash`.
            # Load it with `source <(next-to-go --completions bash)`, or save it as
            # ~/.local/share/bash-completion/completions/next-to-go.
            _next_to_go() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                COMPREPLY=()
                case $prev in
            \(valueCases.joined(separator: "\n"))
                esac
                local i word command= takesValue=
                for ((i = 1; i < COMP_CWORD; i++)); do
                    word=${COMP_WORDS[i]}
                    if [[ -n $takesValue ]]; then takesValue=; continue; fi
                    case $word in
                        \(valuedNames.joined(separator: "|"))) takesValue=1 ;;
                        -*) ;;
                        *) command=$word; break ;;
                    esac
                done
                if [[ -z $command ]]; then
                    if [[ $cur == -* ]]; then
                        COMPREPLY=($(compgen -W "\(optionWords)" -- "$cur"))
                    else
                        COMPREPLY=($(compgen -W "\(commandWords)" -- "$cur"))
                    fi
                    return
                fi
                local words=
                case $command in
            \(argumentCases.joined(separator: "\n"))
                esac
                [[ -n $words ]] && COMPREPLY=($(compgen -W "$words" -- "$cur"))
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
        for entry in LaunchOptionEntry.all {
            let description = zshEscaped(summary(entry))
            let exclusive = entry.names.count > 1 ? "'(\(entry.names.joined(separator: " ")))'" : ""
            for name in entry.names {
                var spec = "\(exclusive)'\(name)[\(description)]"
                if entry.takesValue(name) {
                    let placeholder = zshEscaped(entry.placeholder ?? "VALUE")
                    switch entry.suggestions {
                    case .words(let words): spec += ":\(placeholder):(\(words.joined(separator: " ")))"
                    case .directories: spec += ":\(placeholder):_files -/"
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
        ]
        for entry in LaunchOptionEntry.all {
            let description = fishQuoted(summary(entry))
            for name in entry.allNames where !entry.hiddenNames.contains(name) {
                let flag = name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())"
                var line = "complete -c next-to-go \(flag)"
                if entry.takesValue(name) {
                    switch entry.suggestions {
                    case .words(let words): line += " -x -a \(fishQuoted(words.joined(separator: " ")))"
                    case .directories: line += " -r -a '(__fish_complete_directories)'"
                    case .none: line += " -x"
                    }
                }
                lines.append(line + " -d \(description)")
            }
        }
        for entry in commands {
            for word in entry.words {
                lines.append(
                    "complete -c next-to-go -n __fish_use_subcommand -a \(fishQuoted(word)) -d \(fishQuoted(entry.summary))"
                )
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
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// An option's first help line, without Markdown's backticks.
    private static func summary(_ entry: LaunchOptionEntry) -> String {
        (entry.help.first ?? "").replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces)
    }
}
