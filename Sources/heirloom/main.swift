import HeirloomServer

try await HeirloomMain.run()
