import HeirloomServer

await HeirloomMain.run()
