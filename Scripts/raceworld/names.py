"""Names of our own for runners and people: words put together, each name registered once in the world (a runner's
name is its own in its code and country, and we keep it unique across the world so a name finds one runner)."""

FIRST = """Silver Midnight Rapid Golden Lucky Royal Wild Quiet Bold Brave Dancing Flying Lazy Stormy Northern Copper
Velvet Crimson Misty Jolly Amber Arctic Autumn Azure Blazing Blue Bronze Burning Cheeky Classic Clever Cosmic Crystal
Daring Dusty Eager Electric Emerald Endless Fancy Fiery Fleet Frosty Gallant Gentle Gilded Grand Happy Hidden Humble
Icy Iron Ivory Jade Jazzy Keen Kingly Lofty Lunar Magic Marble Merry Mighty Mystic Noble Oaken Ocean Onyx Outback
Polar Proud Quick Radiant Rebel Regal Restless Rocky Rosy Rustic Saffron Sandy Scarlet Secret Shady Sharp Shining
Silent Sly Smoky Solar Sonic Spicy Starry Steel Stellar Sunny Swift Tawny Timber Topaz Tropic Twilight Urban Valiant
Vivid Wandering Wicked Windy Winter Zesty Zippy""".split()

SECOND = """Comet Echo Harbour Legend Whisper Ranger Sparrow Thunder Mistral Banjo Clover Pilgrim Tango Voyager Rebel
Lantern Drifter Maverick Quill Saffron Anthem Archer Arrow Aspen Atlas Ballad Baron Beacon Bandit Bishop Blossom
Boomer Breeze Brigade Buccaneer Cadet Canyon Captain Cascade Chant Charm Chief Cipher Citadel Cobalt Comrade Condor
Corsair Coyote Crusader Dancer Dazzler Delta Diver Dragon Dream Duchess Dynamo Eagle Ember Empire Envoy Falcon Fable
Fiddler Flame Flyer Fortune Fox Galleon Gambler Gazelle Ghost Glider Guardian Harmony Hawk Hero Horizon Hunter Jester
Jewel Journey Jubilee Keeper Kestrel Knight Lancer Lark Legacy Lion Lyric Magnet Mariner Melody Meteor Minstrel
Mirage Monarch Nomad Nova Oasis Oracle Orbit Outlaw Phantom Pioneer Pirate Poet Prince Prophet Quest Raven Rhythm
Rider River Rocket Rogue Rover Saga Sailor Scout Sentinel Shadow Spirit Sprinter Star Storm Sultan Summit Tempest
Tiger Titan Token Tornado Trooper Tycoon Valley Viking Warrior Wizard Zephyr""".split()

# Greyhounds are often named for a kennel's line: a prefix of the kennel's and a word; each country's kennels its own.
KENNELS = {
    "AUS": """Aston Zipping Fernando Slick Hooked Orson Wow Tiggerlong Dyna Kooringa Barcia Fabregas Gold Sandler Hara
Maximum Space Shima Bella Jungle Lektra Ando Mepunga Tornado Koblenz Miata Pindari Nangar Keybow Aayamza""".split(),
    "NZ": """Bella Kiwi Raven Tahu Waipu Kaiwaka Tauranga Aroha Kotare Moana Ruru Tui Manuka Tasman""".split(),
    "UK": """Ballymac Droopys Romeo Coolavanny Salacres Newinn Kilara Greenwell Skywalker Jaytee Glengar Clona
Crossfield Bockos Lughill Kinda Swift Roxholme Priceless Headford""".split(),
    "USA": """Kiowa Atascocita Barts Kelsos Bigwig Gable Hi Dakota Prairie Lone Star Boomer Ozark Tioga Cabela""".split(),
}
KENNELS_ELSEWHERE = KENNELS["AUS"]

# French trotters are named with the letter of their foaling year (2011 B ... 2022 M).
FRENCH_LETTER = {2011: "B", 2012: "C", 2013: "D", 2014: "E", 2015: "F", 2016: "G", 2017: "H", 2018: "I",
                 2019: "J", 2020: "K", 2021: "L", 2022: "M", 2023: "N"}
FRENCH_HEADS = {
    "B": ["Bold", "Belle", "Baron", "Bijou"], "C": ["Cash", "Cyrano", "Calypso", "Comete"],
    "D": ["Diamant", "Dragon", "Dauphin", "Duc"], "E": ["Eclair", "Emir", "Etoile", "Espoir"],
    "F": ["Flamme", "Fakir", "Fleuron", "Fougue"], "G": ["Galant", "Gitan", "Grenat", "Gaillard"],
    "H": ["Hermes", "Hussard", "Hardi", "Heros"], "I": ["Idole", "Iris", "Indigo", "Ibis"],
    "J": ["Jaguar", "Joyau", "Jasmin", "Jongleur"], "K": ["Kaiser", "Kaolin", "Kepi", "Kiosque"],
    "L": ["Lutin", "Lancier", "Lotus", "Lumiere"], "M": ["Mistral", "Marquis", "Mirage", "Merlin"],
    "N": ["Nomade", "Neptune", "Nectar", "Noble"],
}
FRENCH_SUFFIXES = [part.strip() for part in
                   ["de Bretagne", "du Mans", "d'Avranches", "de Cabourg", "de Vire", "du Calvados", "de Caen",
                    "des Charmes", "du Bocage", "de Jade", "du Pont", "de Viette", "des Champs", "du Rib",
                    "de Tillard", "d'Urzy", "du Bois", "de Lou", "des Baux", "du Vivier", "de Cahot", "d'Occagnes",
                    "du Perche", "de Gesvres", "des Noes"]]

# Japanese-registered horses carry katakana names, written in English letters in the feeds.
JAPANESE = """Sakura Kaze Hoshi Tsuki Yuki Hana Sora Umi Kawa Yama Mori Kumo Ame Hikari Kagayaki Tsubasa Homare
Hayate Ikazuchi Inazuma Kirameki Miyabi Nishiki Shirogane Kogane Akatsuki Yoake Hanabi Kotobuki Musashi Yamato Daichi
Kibou""".split()
JAPANESE_TAILS = ["Bolt", "Crown", "Dream", "Flash", "Grace", "King", "Legend", "Majesty", "Queen", "Rise",
                  "Spirit", "Storm", "Victory", "Wing", "Ace", "Blue", "Smile", "Heart"]

# People's names by region: riders, drivers and trainers are named as the racing of their country names them.
_ANGLO_FIRST = """James Tommy Craig Damian Blake Nash Jamie Rachel Tim Kerrin Jason Hugh Brenton Luke Jye Ben Tyler
Ryan Kathy Jake Zac Beau Mark Wayne Glen Michael Daniel Corey Dylan Sam Jess Chris Anna Laura Kevin Nick Paul Sean
Tayla Grace Ellen Ashley Brad Shane Lee Rhys Mitch Jarrad Tom Emma Kayla Amy Josh Aaron Leigh Todd Joe Stacey Mia
Olivia Harry Oliver Jack Charlie George Noah Liam Ethan""".split()
_ANGLO_LAST = """Mallard Fenwick Ashdown Pryor Calloway Dunmore Hartigan Lockyer Merriman Ormsby Quinlivan Rasmussen
Stanwix Tregear Underhill Varga Whitlock Yeoman Abernethy Bassett Cranfield Dalrymple Ellison Fairweather Galbraith
Holloway Ingram Jessop Kavanagh Lumsden Maddox Northcott Oakley Pembroke Quayle Radford Sheridan Thornbury Upton
Vickery Wakefield Yardley Ainsworth Blackwood Carmody Driscoll Eastwood Fitzroy Goodall Hadley Ivers Jardine Kellaway
Langford Mayberry Newbold Ogilvie Prendergast Rowntree Stapleton Treloar Vaughan Westbrook Aldridge Brannigan Corliss
Devereux Emmerson Farnham Gilchrist Hennessy Iredale Kingsley Lorimer Montague Nettleton Osgood Pickering Redfern
Somerset Tolhurst Wetherall Yorke Ashburn Brightwell Colquhoun Dempsey Everingham Fullerton Greenhalgh Hargreaves
Killick Loveday Marchbank Penhaligon Rushworth Sandford Tapscott Winterbottom""".split()
PEOPLE = {
    "AUS": (_ANGLO_FIRST, _ANGLO_LAST),
    "NZ": (_ANGLO_FIRST + "Aroha Manaia Tane Wiremu Hemi Mere Rawiri".split(), _ANGLO_LAST),
    "UK": ("""Oliver Harry Jack Charlie George Tom William James Rossa Sean Callum Hollie Rachael Jamie Daniel Ben
Rob Adam Luke David Finley Kieran Saffie Megan Alfie Archie Hector Rory Seamus Declan""".split(), _ANGLO_LAST),
    "USA": ("""Tyler Brandon Kevin Jose Luis Joel Javier Cody Dylan Jared Corey Hector Manny Ricardo Edgar Junior
Travis Dustin Wesley Brett Kendrick Marcus Tanner Chase Ramon Eddie Julio Carlos""".split(),
            """Smith Johnson Rodriguez Hernandez Lopez Gonzalez Martinez Miller Davis Wilson Anderson Taylor Moore
Jackson Harris Clark Lewis Walker Young Allen Ramirez Torres Rivera Ortiz Castellano Beaumont Whitaker Delgado
Crenshaw Pruitt Holcomb Sizemore""".split()),
    "JPN": ("""Yuichi Takeshi Kenichi Hiroyuki Keita Ryusei Kohei Takuya Shu Yuga Atsuya Akira Daichi Haruki Sho
Kazuo Naoki Masaki Yoshito Kenta Ryota Taisei Mirai Ayano""".split(),
            """Tanaka Sato Suzuki Takahashi Watanabe Ito Yamamoto Nakamura Kobayashi Kato Yoshida Yamada Sasaki
Matsumoto Inoue Kimura Hayashi Shimizu Yamaguchi Ikeda Hashimoto Ishikawa Ogawa Fujita Okada Goto Hasegawa
Murakami Kondo Nishimura""".split()),
    "KOR": ("""Min-jun Seo-jun Ji-ho Hyun-woo Dong-hyun Jae-won Sung-min Young-ho Tae-yang Kyung-soo Do-yoon
Jun-ho Sang-woo Hye-jin Ji-woo""".split(),
            """Kim Lee Park Choi Jung Kang Cho Yoon Jang Lim Han Oh Seo Shin Kwon Hwang Ahn Song""".split()),
    "HK": ("""Vincent Derek Matthew Karis Keith Alfred Jerry Victor Ellis Dennis Frankie Ricky Benno Angus Zac
Hugh Luke Blake""".split(),
           """Chan Wong Leung Ho Lau Cheung Yip Tsui Fung Lam Ng Tang Kwok Mak Yiu Poon Chiu Teetan Whyte""".split()),
    "IND": ("""Arjun Rohan Vikram Suraj Aditya Rahul Sandeep Imran Farhan Karan Nikhil Pradeep Deepak Ajay Yash
Zervan Akshay Neeraj""".split(),
            """Sharma Singh Patel Rao Shinde Kumar Reddy Jadhav Pawar Menon Nair Iyer Desai Kapoor Chauhan Gaikwad
Khan Trevor""".split()),
    "SAF": ("""Piet Johan Sihle Thabo Sipho Gavin Warren Craig Anton Bernard Muzi Lyle Keagan Richard Aldo
Calvin Sean Justin""".split(),
            """van der Merwe Botha Pretorius Nel du Plessis Ndlovu Dlamini Khumalo Naidoo Pillay Coetzee Venter
Marais Mkhize Fourie Snaith Greeff""".replace("van der Merwe", "van_der_Merwe").replace(
                "du Plessis", "du_Plessis").split()),
    "FR": ("""Pierre Louis Franck Mathieu Eric Gabriel Benjamin Yoann Alexandre Nicolas Clement Theo Romain
Sebastien Jean-Philippe Anthony Julien Damien""".split(),
           """Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent Lefebvre Michel
Bertrand Roux Vincent Fournier Morel Girard Mercier Dupont Lambert Bonnet Legrand Guerin""".split()),
    "SWE": ("""Anders Erik Lars Johan Magnus Per Mats Oskar Henrik Ulf Stefan Jonas Emilia Sofia Kim Bjorn
Ulrika Torbjorn""".split(),
            """Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson Pettersson
Jonsson Lindberg Lindqvist Berg Holm Lundgren Hedlund""".split()),
}
