/// A shell that `--completion-script` writes for.
enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}

/// One long option of the command line, as completion offers it.
struct OptionSpec: Equatable, Sendable {
    /// What follows the option.
    enum Value: Equatable, Sendable {
        /// Nothing: a flag.
        case none
        case file
        case directory
        /// An `OutputFormat` name or one of its aliases.
        case format
        /// A whole number.
        case number
        /// A `Shell` name.
        case shell
    }

    var name: String
    var value: Value
    /// A few words, for zsh's and fish's menus.
    var summary: String
    /// Whether the option may be given more than once (zsh offers it again).
    var repeatable = false

    init(_ name: String, _ value: Value, _ summary: String, repeatable: Bool = false) {
        self.name = name
        self.value = value
        self.summary = summary
        self.repeatable = repeatable
    }

    /// The words a value may be, for the options that take one of a list.
    var choices: [String] {
        switch value {
        case .format: OutputFormat.allCases.map(\.rawValue) + OutputFormat.aliases.keys.sorted()
        case .shell: Shell.allCases.map(\.rawValue)
        default: []
        }
    }
}

/// The completion scripts of `layout-check --completion-script SHELL`, made from `Command.optionTable`, so
/// that they offer every option the parser takes and no other.
enum Completions {
    static func script(for shell: Shell, options: [OptionSpec] = Command.optionTable) -> String {
        switch shell {
        case .bash: bash(options)
        case .zsh: zsh(options)
        case .fish: fish(options)
        }
    }

    /// A `complete -F` function: the values of the option before the cursor, else the options (and `lsp`
    /// first), else files.
    static func bash(_ options: [OptionSpec]) -> String {
        func names(_ value: OptionSpec.Value) -> String {
            options.filter { $0.value == value }.map(\.name).joined(separator: "|")
        }
        var cases = ""
        for option in options where !option.choices.isEmpty {
            let words = option.choices.joined(separator: " ")
            cases += "        \(option.name)) COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\")); return ;;\n"
        }
        cases += "        \(names(.directory))) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n"
        cases += "        \(names(.file))) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
        cases += "        \(names(.number))) return ;;\n"
        return """
            # bash completion for layout-check: eval "$(layout-check --completion-script bash)"
            _layout_check() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                COMPREPLY=()
                case "$prev" in
            \(cases)    esac
                if [[ $cur == -* ]]; then
                    COMPREPLY=($(compgen -W "\(options.map(\.name).joined(separator: " "))" -- "$cur"))
                elif [[ $COMP_CWORD == 1 && lsp == "$cur"* ]]; then
                    COMPREPLY=($(compgen -W "lsp" -- "$cur") $(compgen -f -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -F _layout_check layout-check

            """
    }

    /// An `_arguments` specification: `*` for a repeatable option, `=` for a value in the next word or
    /// after `=`.
    static func zsh(_ options: [OptionSpec]) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
                .replacingOccurrences(of: ":", with: "\\:").replacingOccurrences(of: "'", with: "'\\''")
        }
        let specs = options.map { option in
            let star = option.repeatable ? "*" : ""
            let description = "[\(escaped(option.summary))]"
            let action: String
            switch option.value {
            case .none: return "'\(star)\(option.name)\(description)'"
            case .file: action = ":file:_files"
            case .directory: action = ":directory:_files -/"
            case .number: action = ":number: "
            case .format, .shell:
                action = ":\(option.value == .format ? "format" : "shell"):(\(option.choices.joined(separator: " ")))"
            }
            return "'\(star)\(option.name)=\(description)\(action)'"
        }
        return "#compdef layout-check\n# zsh completion for layout-check: save as _layout-check in a folder of $fpath\n"
            + "_arguments -s \\\n" + specs.map { "    \($0) \\\n" }.joined() + "    '*:path:_files'\n"
    }

    /// One `complete` line per option.
    static func fish(_ options: [OptionSpec]) -> String {
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "\\'") + "'" }
        var lines = ["# fish completion for layout-check: save as ~/.config/fish/completions/layout-check.fish"]
        lines.append("complete -c layout-check -n __fish_use_subcommand -a lsp -d \(quoted("Language server"))")
        for option in options {
            var line = "complete -c layout-check -l \(option.name.dropFirst(2))"
            switch option.value {
            case .none: break
            case .file: line += " -r -F"
            case .directory: line += " -r -x -a '(__fish_complete_directories)'"
            case .number: line += " -r -x"
            case .format, .shell: line += " -r -x -a \(quoted(option.choices.joined(separator: " ")))"
            }
            lines.append(line + " -d \(quoted(option.summary))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
