import Foundation
import TabStageCommands

// The commands live in TabStageCommands (tests run them in process); the binary adds the
// signal handling and the process's exit code.
Interruption.install()
exit(CommandLineRunner.run(Array(CommandLine.arguments.dropFirst())))
