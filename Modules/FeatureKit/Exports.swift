// What a feature's Router builds on is this kit and the commands, options and screens it shares with the shell:
// one import gives both.
@_exported import CommandKit
