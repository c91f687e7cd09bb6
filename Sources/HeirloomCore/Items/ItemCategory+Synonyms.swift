extension ItemCategory {
    /// Normalised, singular words and phrases and the category each stands for.
    ///
    /// Watches count as Jewelry, as insurers schedule them and jewellers appraise them; handbags, wallets, furs and
    /// fine pens are Luxury Personal Items; a trunk is Luggage; silverware and pottery go with China & Crystal.
    static let synonyms: [String: ItemCategory] = {
        var table: [String: ItemCategory] = [:]
        for category in ItemCategory.allCases {
            for phrase in words(for: category) { table[phrase] = category }
        }
        return table
    }()

    private static func words(for category: ItemCategory) -> [String] {
        switch category {
        case .art:
            [
                "art", "artwork", "fine art", "painting", "oil painting", "watercolor", "watercolour", "print",
                "lithograph", "etching", "engraving", "drawing", "sketch", "sculpture", "statue", "bust",
                "photograph", "canvas", "portrait", "poster", "tapestry", "icon",
            ]
        case .furniture:
            [
                "furniture", "chair", "armchair", "rocking chair", "rocker", "table", "desk", "dresser", "chest",
                "chest of drawers", "drawer", "cabinet", "armoire", "wardrobe", "bookcase", "bookshelf", "shelf",
                "shelves", "sofa", "couch", "settee", "loveseat", "bench", "stool", "bed", "headboard", "sideboard",
                "buffet", "credenza", "hutch", "nightstand", "bureau", "ottoman", "chaise", "highboy", "lowboy",
                "vanity", "console", "piano", "workbench",
            ]
        case .jewelry:
            [
                "jewelry", "jewellery", "jewel", "ring", "necklace", "bracelet", "earring", "brooch", "pendant",
                "pearl", "diamond", "cufflink", "locket", "tiara", "bangle", "charm", "anklet", "watch",
                "wristwatch", "pocket watch", "timepiece",
            ]
        case .collectibles:
            [
                "collectible", "collectable", "collection", "coin", "stamp", "toy", "doll", "figurine",
                "memorabilia", "trading card", "baseball card", "comic", "comic book", "model", "antique", "book",
                "rare book", "record", "vinyl", "medal", "autograph", "train", "miniature",
            ]
        case .rug:
            ["rug", "carpet", "kilim", "dhurrie", "area rug", "persian rug", "oriental rug"]
        case .luggage:
            [
                "luggage", "suitcase", "trunk", "steamer trunk", "valise", "duffel", "duffle", "garment bag",
                "travel bag", "carry on", "baggage",
            ]
        case .decor:
            [
                "decor", "decoration", "home decor", "lamp", "vase", "mirror", "clock", "candlestick", "candelabra",
                "sconce", "chandelier", "frame", "picture frame", "ornament", "pillow", "cushion", "curtain",
                "basket", "urn", "planter",
            ]
        case .chinaAndCrystal:
            [
                "china", "fine china", "china and crystal", "crystal", "porcelain", "glassware", "glass", "stemware",
                "dinnerware", "tableware", "tea set", "teapot", "teacup", "cup", "saucer", "plate", "dish", "platter",
                "bowl", "goblet", "decanter", "pitcher", "stoneware", "ceramic", "pottery", "silver", "silverware",
                "flatware", "cutlery", "sterling",
            ]
        case .luxuryPersonalItems:
            [
                "luxury", "luxury item", "luxury personal item", "personal item", "luxury good", "handbag", "purse",
                "bag", "designer bag", "clutch", "tote", "wallet", "sunglass", "scarf", "fur", "fur coat", "mink",
                "pen", "fountain pen", "lighter", "perfume", "belt",
            ]
        case .tools:
            [
                "tool", "toolbox", "power tool", "hammer", "drill", "saw", "wrench", "screwdriver", "lathe",
                "chisel", "plier", "sander", "vise", "mower", "lawn mower",
            ]
        case .clothing:
            [
                "clothing", "clothes", "apparel", "garment", "dress", "gown", "suit", "coat", "overcoat", "jacket",
                "blazer", "shirt", "blouse", "sweater", "cardigan", "skirt", "trouser", "pant", "jean", "shoe", "boot",
                "hat", "glove", "tie", "uniform", "costume", "wedding dress", "vintage clothing",
            ]
        case .electronics:
            [
                "electronic", "electronics", "computer", "laptop", "tablet", "phone", "telephone", "cell phone",
                "television", "tv", "radio", "stereo", "record player", "turntable", "speaker", "amplifier",
                "receiver", "camera", "video camera", "camcorder", "game console", "printer", "monitor", "headphone",
            ]
        case .appliances:
            [
                "appliance", "appliances", "refrigerator", "fridge", "freezer", "washer", "washing machine", "dryer",
                "dishwasher", "oven", "stove", "range", "microwave", "toaster", "blender", "mixer", "stand mixer",
                "vacuum", "vacuum cleaner", "sewing machine", "air conditioner", "dehumidifier", "heater",
                "coffee maker",
            ]
        case .documentsAndPapers:
            [
                "document", "documents and papers", "paper", "paperwork", "letter", "deed", "certificate",
                "birth certificate", "passport", "diploma", "manuscript", "diary", "ledger", "photo album",
                "scrapbook", "archive", "correspondence", "recipe book", "map",
            ]
        case .other:
            ["other", "misc", "miscellaneous", "uncategorized", "uncategorised", "none"]
        }
    }
}
