"""Racing as it is run, region by region: the venues (their code, surfaces, distances and going words), the class
ladders with the prize money each class pays in the region's money, and the words a card uses. Venue and region
facts are public knowledge; names of sponsors, runners and people are our own.

Each venue: (name, state, code, {surface: [distances]}, weekdays it races, field limit, tier). Weekdays are
Monday 0 .. Sunday 6. A state is the pool its runners come from: Australian runners race in their own state,
other countries' in their own country."""

# The going each surface is rated in, with how often each word comes up (repeats weight it).
RATED = ["Good 4"] * 8 + ["Good 3"] * 3 + ["Soft 5"] * 3 + ["Soft 6"] * 2 + ["Soft 7", "Heavy 8"]
GOING = {
    # Australia and New Zealand rate turf 1-10 (Good 4); their synthetic tracks are rated "Synthetic".
    ("AUS", "Turf"): RATED, ("NZ", "Turf"): RATED[:-1] + ["Heavy 9"], ("AUS", "Synthetic"): ["Synthetic"],
    ("NZ", "Synthetic"): ["Synthetic"],
    # Britain: turf in words, the all-weather "Standard".
    ("UK", "Turf"): ["Good"] * 2 + ["Good to Soft"] * 3 + ["Soft"] * 2 + ["Heavy", "Good to Firm"],
    ("UK", "All Weather"): ["Standard"] * 6 + ["Standard to Slow"],
    ("USA", "Dirt"): ["Fast"] * 6 + ["Good", "Sloppy", "Muddy"], ("USA", "Turf"): ["Firm"] * 5 + ["Good", "Yielding"],
    ("JPN", "Turf"): ["Firm"] * 5 + ["Good", "Yielding"], ("JPN", "Dirt"): ["Standard"] * 5 + ["Good", "Muddy"],
    ("HK", "Turf"): ["Good"] * 4 + ["Good to Firm", "Good to Yielding"], ("HK", "All Weather"): ["Good", "Wet Fast"],
    ("KOR", "Dirt"): ["Good"] * 3 + ["Fast", "Wet"], ("IND", "Turf"): ["Good"] * 4 + ["Firm", "Soft"],
    ("SAF", "Turf"): ["Good"] * 4 + ["Soft", "Good to Firm"],
    # Dogs and trotters run on a track rated Good, Fast or Slow (New Zealand's trotters also Easy).
    ("AUS", "Sand"): ["Good"] * 6 + ["Fast", "Slow"], ("NZ", "Sand"): ["Good"] * 5 + ["Slow"],
    ("UK", "Sand"): ["Good"] * 4 + ["Normal", "Slow"], ("USA", "Sand"): ["Fast"] * 3 + ["Good"],
    ("AUS", "Crushed Rock"): ["Good"] * 5 + ["Fast"], ("NZ", "Crushed Rock"): ["Good"] * 3 + ["Easy", "Fast"],
    ("USA", "Stone Dust"): ["Fast"] * 5 + ["Good", "Sloppy"], ("FR", "Cinder"): ["Good"] * 3 + ["Soft"],
    ("SWE", "Crushed Stone"): ["Good"] * 3 + ["Heavy", "Light"],
}

M = "Mon Tue Wed Thu Fri Sat Sun".split()


def days(*names):
    return frozenset(M.index(name) for name in names)


GALLOPS_AUS = [1000, 1100, 1200, 1300, 1400, 1500, 1600, 1800, 2000, 2200, 2400]
VENUES = [
    # Australian gallops: Saturday metropolitan tracks and the provincial ones their horses run at in the week.
    ("Randwick", "NSW", "horse", {"Turf": [1000, 1200, 1400, 1600, 2000, 2400]}, days("Sat"), 16, "metro"),
    ("Rosehill Gardens", "NSW", "horse", {"Turf": [1100, 1200, 1400, 1500, 1800, 2000]}, days("Wed", "Sat"), 16, "metro"),
    ("Warwick Farm", "NSW", "horse", {"Turf": [1000, 1100, 1300, 1400, 1600, 2000]}, days("Wed"), 14, "provincial"),
    ("Kembla Grange", "NSW", "horse", {"Turf": [1000, 1200, 1400, 1600, 2000]}, days("Tue"), 14, "provincial"),
    ("Newcastle", "NSW", "horse", {"Turf": [1000, 1200, 1400, 1600, 2100], "Synthetic": [1000, 1200, 1500]},
     days("Thu"), 14, "provincial"),
    ("Flemington", "VIC", "horse", {"Turf": [1000, 1100, 1200, 1400, 1600, 2000, 2500]}, days("Sat"), 16, "metro"),
    ("Caulfield", "VIC", "horse", {"Turf": [1000, 1100, 1200, 1400, 1600, 1800, 2000]}, days("Wed", "Sat"), 16, "metro"),
    ("Moonee Valley", "VIC", "horse", {"Turf": [1000, 1200, 1500, 1600, 2040]}, days("Fri"), 14, "metro"),
    ("Sandown Hillside", "VIC", "horse", {"Turf": [1000, 1200, 1400, 1600, 2100]}, days("Wed"), 14, "provincial"),
    ("Pakenham", "VIC", "horse", {"Turf": [1000, 1200, 1400, 1600], "Synthetic": [1000, 1200, 1400, 1600]},
     days("Thu"), 14, "provincial"),
    ("Eagle Farm", "QLD", "horse", {"Turf": [1000, 1200, 1350, 1600, 1800, 2200]}, days("Sat"), 16, "metro"),
    ("Doomben", "QLD", "horse", {"Turf": [1050, 1200, 1350, 1630, 2020]}, days("Wed", "Sat"), 14, "metro"),
    ("Gold Coast", "QLD", "horse", {"Turf": [900, 1100, 1200, 1400, 1600], "Synthetic": [1100, 1200, 1400]},
     days("Thu"), 14, "provincial"),
    ("Sunshine Coast", "QLD", "horse", {"Turf": [1000, 1200, 1400, 1600], "Synthetic": [1000, 1200, 1600]},
     days("Tue"), 14, "provincial"),
    ("Morphettville", "SA", "horse", {"Turf": [1000, 1100, 1200, 1400, 1600, 2000, 2500]}, days("Sat", "Wed"), 14,
     "metro"),
    ("Murray Bridge", "SA", "horse", {"Turf": [1000, 1200, 1300, 1600], "Synthetic": [1000, 1200]}, days("Thu"),
     12, "provincial"),
    ("Gawler", "SA", "horse", {"Turf": [1000, 1100, 1200, 1400, 1600]}, days("Mon"), 12, "provincial"),
    ("Ascot", "WA", "horse", {"Turf": [1000, 1100, 1200, 1400, 1600, 1800, 2200]}, days("Sat"), 14, "metro"),
    ("Belmont Park", "WA", "horse", {"Turf": [1000, 1200, 1400, 1600, 2000]}, days("Wed"), 14, "metro"),
    ("Pinjarra Park", "WA", "horse", {"Turf": [1000, 1200, 1400, 1600]}, days("Mon"), 12, "provincial"),
    ("Ellerslie", "NZ", "horse", {"Turf": [1200, 1400, 1600, 2100, 2400]}, days("Sat"), 16, "metro"),
    ("Te Rapa", "NZ", "horse", {"Turf": [1100, 1200, 1400, 1600, 2000]}, days("Sat", "Wed"), 14, "provincial"),
    ("Trentham", "NZ", "horse", {"Turf": [1100, 1200, 1400, 1600, 2100]}, days("Sat"), 14, "provincial"),
    ("Riccarton", "NZ", "horse", {"Turf": [1000, 1200, 1400, 1600, 2000]}, days("Sat"), 14, "provincial"),
    ("Awapuni", "NZ", "horse", {"Turf": [1000, 1200, 1400, 1600], "Synthetic": [1200, 1400, 1700]}, days("Thu"),
     14, "provincial"),
    # Britain in March: jumps on turf (3,200 m and more, no draw), the flat on the all-weather.
    ("Kempton Park", "UK", "jumps", {"Turf": [3219, 3621, 4023, 4426, 4828]}, days("Sat", "Sun"), 16, "metro"),
    ("Huntingdon", "UK", "jumps", {"Turf": [3219, 3520, 4023, 4828]}, days("Sat"), 14, "provincial"),
    ("Newbury", "UK", "jumps", {"Turf": [3219, 3722, 4023, 4828]}, days("Fri"), 16, "metro"),
    ("Exeter", "UK", "jumps", {"Turf": [3219, 3621, 4225, 4828]}, days("Tue"), 14, "provincial"),
    ("Wolverhampton", "UK", "horse", {"All Weather": [1019, 1230, 1445, 1739, 1905, 2458]},
     days("Mon", "Sat"), 13, "provincial"),
    ("Lingfield Park", "UK", "horse", {"All Weather": [1006, 1207, 1408, 1609, 2012, 2414]}, days("Wed", "Fri"), 14,
     "provincial"),
    ("Gulfstream Park", "FL", "horse", {"Dirt": [1107, 1207, 1408, 1609, 1709, 1811], "Turf": [1006, 1408, 1609, 1709]},
     days("Wed", "Thu", "Fri", "Sat", "Sun"), 12, "metro"),
    ("Tampa Bay Downs", "FL", "horse", {"Dirt": [1107, 1207, 1408, 1709], "Turf": [1006, 1609, 1709]},
     days("Tue", "Wed", "Fri"), 12, "provincial"),
    ("Santa Anita", "CA", "horse", {"Dirt": [1107, 1207, 1308, 1609, 1709, 1811], "Turf": [1107, 1609, 1811]},
     days("Thu", "Fri", "Sat", "Sun"), 12, "metro"),
    ("Los Alamitos", "CA", "horse", {"Dirt": [1107, 1207, 1408, 1709]}, days("Fri"), 10, "provincial"),
    ("Nakayama", "JPN", "horse", {"Turf": [1200, 1600, 1800, 2000, 2200, 2500], "Dirt": [1200, 1800, 2400]},
     days("Sat", "Sun"), 16, "metro"),
    ("Hanshin", "JPN", "horse", {"Turf": [1200, 1400, 1600, 1800, 2000, 2200], "Dirt": [1200, 1400, 1800, 2000]},
     days("Sat", "Sun"), 16, "metro"),
    ("Seoul", "KOR", "horse", {"Dirt": [1000, 1200, 1300, 1400, 1700, 1800, 2000]}, days("Fri", "Sat", "Sun"), 14,
     "metro"),
    ("Sha Tin", "HK", "horse", {"Turf": [1000, 1200, 1400, 1600, 1800, 2000, 2400], "All Weather": [1200, 1650, 1800]},
     days("Sat", "Sun"), 14, "metro"),
    ("Happy Valley", "HK", "horse", {"Turf": [1000, 1200, 1650, 1800, 2200]}, days("Wed"), 12, "metro"),
    ("Mahalaxmi", "IND", "horse", {"Turf": [1000, 1200, 1400, 1600, 2000]}, days("Sat", "Sun", "Thu"), 14, "metro"),
    ("Turffontein", "SAF", "horse", {"Turf": [1000, 1160, 1450, 1600, 1800, 2000]}, days("Sat", "Tue"), 16, "metro"),
    ("Vaal", "SAF", "horse", {"Turf": [1000, 1200, 1400, 1600, 2000]}, days("Thu"), 16, "provincial"),
    # Greyhounds: eight boxes in Australia, New Zealand and America, six traps in Britain.
    ("Wentworth Park", "NSW", "greyhound", {"Sand": [520, 720]}, days("Sat", "Fri"), 8, "metro"),
    ("Richmond", "NSW", "greyhound", {"Sand": [320, 535, 715]}, days("Tue", "Thu"), 8, "provincial"),
    ("Dapto", "NSW", "greyhound", {"Sand": [297, 520, 600]}, days("Wed"), 8, "provincial"),
    ("The Gardens", "NSW", "greyhound", {"Sand": [515, 600, 730]}, days("Mon", "Fri"), 8, "provincial"),
    ("The Meadows", "VIC", "greyhound", {"Sand": [525, 600, 725]}, days("Sat", "Wed"), 8, "metro"),
    ("Sandown Park", "VIC", "greyhound", {"Sand": [515, 595, 715]}, days("Sun", "Thu"), 8, "metro"),
    ("Healesville", "VIC", "greyhound", {"Sand": [300, 350]}, days("Mon"), 8, "provincial"),
    ("Ballarat", "VIC", "greyhound", {"Sand": [390, 450, 545]}, days("Tue", "Fri"), 8, "provincial"),
    ("Albion Park", "QLD", "greyhound", {"Sand": [331, 395, 520, 600]}, days("Sat", "Thu"), 8, "metro"),
    ("Ipswich", "QLD", "greyhound", {"Sand": [288, 431, 520, 630]}, days("Tue", "Fri"), 8, "provincial"),
    ("Capalaba", "QLD", "greyhound", {"Sand": [331, 407, 520]}, days("Mon", "Wed"), 8, "provincial"),
    ("Angle Park", "SA", "greyhound", {"Sand": [342, 515, 530, 731]}, days("Sat", "Mon", "Thu"), 8, "metro"),
    ("Murray Bridge", "SA", "greyhound", {"Sand": [400, 455, 512]}, days("Tue", "Fri"), 8, "provincial"),
    ("Cannington", "WA", "greyhound", {"Sand": [275, 520, 715]}, days("Sat", "Wed"), 8, "metro"),
    ("Mandurah", "WA", "greyhound", {"Sand": [294, 490, 715]}, days("Thu", "Sun"), 8, "provincial"),
    ("Manukau", "NZ", "greyhound", {"Sand": [295, 457, 520, 732]}, days("Sat", "Tue"), 8, "metro"),
    ("Addington", "NZ", "greyhound", {"Sand": [295, 520, 745]}, days("Thu", "Mon"), 8, "metro"),
    ("Cambridge", "NZ", "greyhound", {"Sand": [334, 375, 457]}, days("Wed", "Sun"), 8, "provincial"),
    ("Romford", "UK", "greyhound", {"Sand": [225, 400, 575, 715]}, days("Sat", "Mon", "Wed", "Fri"), 6, "metro"),
    ("Hove", "UK", "greyhound", {"Sand": [285, 500, 695]}, days("Sat", "Tue", "Thu"), 6, "metro"),
    ("Towcester", "UK", "greyhound", {"Sand": [270, 500, 712]}, days("Sat", "Mon", "Thu"), 6, "metro"),
    ("Nottingham", "UK", "greyhound", {"Sand": [300, 500, 730]}, days("Tue", "Fri", "Sun"), 6, "provincial"),
    ("Monmore", "UK", "greyhound", {"Sand": [264, 480, 630]}, days("Wed", "Sun"), 6, "provincial"),
    ("Wheeling Island", "WV", "greyhound", {"Sand": [503, 620]}, days("Sat", "Tue", "Thu", "Sun"), 8, "metro"),
    ("Mardi Gras", "WV", "greyhound", {"Sand": [503, 620]}, days("Wed", "Fri", "Sat"), 8, "provincial"),
    # Harness: Australia and New Zealand pace mostly and trot some, mobile and standing starts; North America races
    # a mile behind the gate; Sweden and France trot.
    ("Menangle", "NSW", "harness", {"Crushed Rock": [1609, 2300, 2400]}, days("Sat", "Tue"), 10, "metro"),
    ("Bathurst", "NSW", "harness", {"Crushed Rock": [1730, 2260]}, days("Wed"), 10, "provincial"),
    ("Penrith", "NSW", "harness", {"Crushed Rock": [1735, 2335]}, days("Thu"), 10, "provincial"),
    ("Melton", "VIC", "harness", {"Crushed Rock": [1720, 2240, 2760, 3200]}, days("Sat", "Fri"), 12, "metro"),
    ("Ballarat", "VIC", "harness", {"Crushed Rock": [1710, 2200]}, days("Tue"), 12, "provincial"),
    ("Shepparton", "VIC", "harness", {"Crushed Rock": [1690, 2190]}, days("Mon"), 12, "provincial"),
    ("Globe Derby", "SA", "harness", {"Crushed Rock": [1800, 2230, 2645]}, days("Sat", "Mon"), 10, "metro"),
    ("Port Pirie", "SA", "harness", {"Crushed Rock": [1609, 2190]}, days("Thu"), 10, "provincial"),
    ("Gloucester Park", "WA", "harness", {"Crushed Rock": [1730, 2130, 2536, 2902]}, days("Fri", "Sat"), 12, "metro"),
    ("Pinjarra", "WA", "harness", {"Crushed Rock": [1684, 2185]}, days("Mon"), 12, "provincial"),
    ("Addington", "NZ", "harness", {"Crushed Rock": [1980, 2600, 3200]}, days("Sat", "Thu"), 12, "metro"),
    ("Alexandra Park", "NZ", "harness", {"Crushed Rock": [1700, 2200, 2700]}, days("Sat", "Fri"), 12, "metro"),
    ("Cambridge", "NZ", "harness", {"Crushed Rock": [1609, 2200]}, days("Thu"), 12, "provincial"),
    ("Meadowlands", "NJ", "harness", {"Stone Dust": [1609]}, days("Fri", "Sat"), 10, "metro"),
    ("Yonkers", "NY", "harness", {"Stone Dust": [1609]}, days("Mon", "Tue", "Thu", "Fri"), 8, "provincial"),
    ("Woodbine Mohawk", "ON", "harness", {"Stone Dust": [1609]}, days("Sat", "Mon", "Thu"), 10, "metro"),
    ("Flamboro Downs", "ON", "harness", {"Stone Dust": [1609]}, days("Tue", "Sun"), 9, "provincial"),
    ("Vincennes", "FR", "harness", {"Cinder": [2100, 2700, 2850]}, days("Sat", "Sun", "Tue"), 16, "metro"),
    ("Enghien", "FR", "harness", {"Cinder": [2150, 2875]}, days("Wed", "Fri"), 16, "provincial"),
    ("Solvalla", "SWE", "harness", {"Crushed Stone": [1640, 2140, 2640]}, days("Sat", "Wed"), 12, "metro"),
    ("Aby", "SWE", "harness", {"Crushed Stone": [1640, 2140]}, days("Mon", "Thu"), 12, "provincial"),
]

# Each state's country: the pool a runner comes from is its state in Australia, its country elsewhere.
COUNTRY = {"NSW": "AUS", "VIC": "AUS", "QLD": "AUS", "SA": "AUS", "WA": "AUS", "NZ": "NZ", "UK": "UK", "FL": "USA",
           "CA": "USA", "WV": "USA", "NJ": "USA", "NY": "USA", "ON": "CA", "JPN": "JPN", "KOR": "KOR", "HK": "HK",
           "IND": "IND", "SAF": "SAF", "FR": "FR", "SWE": "SWE"}
# Where runners are kept and raced from: one pool each (North American harness is one circuit; Florida and
# California gallops their own; US dogs race in West Virginia).
POOL_OF_STATE = {"NJ": "NA", "NY": "NA", "ON": "NA"}


def pool_of(state, code):
    if code == "harness":
        return POOL_OF_STATE.get(state, state)
    return state


def region_of(state):
    """The region whose rules a race keeps (North America one region for harness)."""
    country = COUNTRY[state]
    return "USA" if country == "CA" else country


# The class ladder of each region and code, lowest first, with the total prize money each pays at a meeting of each
# tier (metro, provincial), in the money the meeting races for; round amounts, as real purses are.
LADDERS = {
    ("AUS", "horse"): [("Maiden", "MDN", 80_000, 35_000), ("Class 1", "CL1", 85_000, 37_000),
                       ("Benchmark 64", "BM64", 90_000, 40_000), ("Benchmark 72", "BM72", 100_000, 45_000),
                       ("Benchmark 78", "BM78", 125_000, 55_000), ("Benchmark 84", "BM84", 140_000, 65_000),
                       ("Benchmark 90", "BM90", 160_000, 75_000), ("Listed", "Listed", 200_000, 100_000),
                       ("Group 3", "Group 3", 250_000, 150_000), ("Group 2", "Group 2", 300_000, 200_000),
                       ("Group 1", "Group 1", 1_000_000, 500_000)],
    ("NZ", "horse"): [("Maiden", "MDN", 30_000, 20_000), ("Rating 65", "R65", 35_000, 22_000),
                      ("Rating 72", "R72", 40_000, 25_000), ("Rating 82", "R82", 50_000, 30_000),
                      ("Premier", "Premier", 70_000, 40_000), ("Listed", "Listed", 80_000, 60_000),
                      ("Group 3", "Group 3", 100_000, 80_000), ("Group 2", "Group 2", 150_000, 120_000)],
    ("UK", "jumps"): [("Maiden Hurdle", "Class 4", 12_000, 6_000), ("Novices' Hurdle", "Class 3", 16_000, 9_000),
                      ("Handicap Hurdle", "Class 3", 16_000, 9_000), ("Handicap Chase", "Class 2", 25_000, 12_000),
                      ("Listed Hurdle", "Listed", 40_000, 25_000), ("Grade 2 Chase", "Grade 2", 80_000, 50_000)],
    ("UK", "horse"): [("Maiden Stakes", "Class 5", 9_000, 5_500), ("Handicap", "Class 5", 9_000, 5_500), ("Handicap", "Class 4", 12_000, 7_000),
                      ("Handicap", "Class 3", 16_000, 9_000), ("Conditions Stakes", "Class 2", 25_000, 15_000),
                      ("Listed Stakes", "Listed", 50_000, 40_000)],
    ("USA", "horse"): [("Maiden Special Weight", "MSW", 55_000, 28_000), ("Claiming", "CLM", 58_000, 30_000), ("Allowance", "ALW", 70_000, 40_000),
                       ("Allowance Optional Claiming", "AOC", 80_000, 45_000), ("Stakes", "STK", 100_000, 60_000),
                       ("Grade 3", "G3", 150_000, 100_000), ("Grade 2", "G2", 250_000, 200_000)],
    ("JPN", "horse"): [("Maiden", "Maiden", 12_000_000, 12_000_000), ("1 Win Class", "1 Win", 16_000_000, 16_000_000),
                       ("2 Win Class", "2 Win", 21_000_000, 21_000_000), ("3 Win Class", "3 Win", 28_000_000, 28_000_000),
                       ("Open", "Open", 40_000_000, 40_000_000), ("Listed", "Listed", 44_000_000, 44_000_000),
                       ("Grade 3", "G3", 75_000_000, 75_000_000)],
    ("KOR", "horse"): [("Class 6", "Class 6", 40_000_000, 40_000_000), ("Class 5", "Class 5", 45_000_000, 45_000_000),
                       ("Class 4", "Class 4", 55_000_000, 55_000_000), ("Class 3", "Class 3", 65_000_000, 65_000_000),
                       ("Class 2", "Class 2", 80_000_000, 80_000_000), ("Class 1", "Class 1", 100_000_000, 100_000_000)],
    ("HK", "horse"): [("Class 5", "Class 5", 1_000_000, 1_000_000), ("Class 4", "Class 4", 1_300_000, 1_300_000),
                      ("Class 3", "Class 3", 1_750_000, 1_750_000), ("Class 2", "Class 2", 2_500_000, 2_500_000),
                      ("Class 1", "Class 1", 3_800_000, 3_800_000), ("Group 3", "Group 3", 4_500_000, 4_500_000)],
    ("IND", "horse"): [("Class V", "Class V", 350_000, 350_000), ("Class IV", "Class IV", 450_000, 450_000),
                       ("Class III", "Class III", 600_000, 600_000), ("Class II", "Class II", 800_000, 800_000),
                       ("Class I", "Class I", 1_100_000, 1_100_000)],
    ("SAF", "horse"): [("Maiden Plate", "MDN", 60_000, 45_000), ("MR 64 Handicap", "MR64", 65_000, 50_000),
                       ("MR 72 Handicap", "MR72", 75_000, 55_000), ("MR 80 Handicap", "MR80", 90_000, 65_000),
                       ("MR 88 Handicap", "MR88", 110_000, 80_000), ("MR 96 Handicap", "MR96", 130_000, 100_000),
                       ("Listed", "Listed", 200_000, 150_000)],
    ("AUS", "greyhound"): [("Maiden", "Maiden", 4_500, 2_600), ("Grade 7", "7th Grade", 4_800, 2_700),
                           ("Grade 6", "6th Grade", 5_200, 2_900), ("Grade 5", "5th Grade", 6_000, 3_200),
                           ("Grade 4", "4th Grade", 7_000, 3_600), ("Free For All", "FFA", 9_000, 4_500)],
    ("NZ", "greyhound"): [("Maiden", "Maiden", 2_500, 1_900), ("Grade 3", "C3", 2_900, 2_100),
                          ("Grade 2", "C2", 3_300, 2_400), ("Grade 1", "C1", 4_000, 2_800),
                          ("Open Class", "Open", 6_000, 4_000)],
    ("UK", "greyhound"): [("A9", "A9", 240, 180), ("A8", "A8", 260, 190), ("A7", "A7", 280, 200),
                          ("A6", "A6", 300, 210), ("A5", "A5", 330, 230), ("A4", "A4", 370, 250),
                          ("A3", "A3", 420, 280), ("A2", "A2", 500, 320), ("A1", "A1", 650, 400),
                          ("Open", "OR", 1_500, 800)],
    ("USA", "greyhound"): [("Grade M", "M", 600, 400), ("Grade D", "D", 700, 450), ("Grade C", "C", 800, 500),
                           ("Grade B", "B", 950, 600), ("Grade A", "A", 1_200, 750), ("Grade AA", "AA", 1_500, 900)],
    ("AUS", "harness"): [("Maiden", "MDN", 14_000, 6_000), ("NR 45", "NR45", 15_000, 6_500),
                         ("NR 55", "NR55", 18_000, 7_500), ("NR 65", "NR65", 22_000, 9_000),
                         ("NR 75", "NR75", 28_000, 11_000), ("Free For All", "FFA", 40_000, 16_000)],
    ("NZ", "harness"): [("Maiden", "MDN", 12_000, 8_000), ("R40-R52", "R40", 14_000, 9_000),
                        ("R53-R64", "R53", 17_000, 10_000), ("R65-R80", "R65", 22_000, 12_000),
                        ("Open", "Open", 35_000, 20_000)],
    ("USA", "harness"): [("Claiming", "CLM", 12_000, 9_000), ("Conditioned", "NW3", 16_000, 11_000),
                         ("Conditioned", "NW6", 20_000, 13_000), ("Preferred", "PREF", 28_000, 18_000),
                         ("Open", "Open", 40_000, 25_000)],
    ("FR", "harness"): [("Course G", "G", 22_000, 14_000), ("Course F", "F", 27_000, 17_000),
                        ("Course E", "E", 34_000, 21_000), ("Course D", "D", 42_000, 26_000),
                        ("Course C", "C", 55_000, 34_000), ("Course B", "B", 75_000, 45_000)],
    ("SWE", "harness"): [("Klass III", "Klass III", 80_000, 50_000), ("Klass II", "Klass II", 100_000, 60_000),
                         ("Klass I", "Klass I", 130_000, 75_000), ("Bronsdivisionen", "Brons", 200_000, 120_000),
                         ("Silverdivisionen", "Silver", 300_000, 180_000), ("Gulddivisionen", "Guld", 450_000, 250_000)],
}

# Sponsors of the region's own (made up): a card's races are named after different ones.
SPONSORS = {
    "AUS": ["Riverbend Bakery", "Hillcrest Motors", "Goldfields Plumbing", "Harbourview Hotel", "Northgate Electrical",
            "Bluegum Builders", "Ironbark Stockfeeds", "Wattle Grove Transport", "Stonebridge Real Estate",
            "Kingfisher Hardware", "Redgum Cellars", "Seaview Dental", "Windmill Tyres", "Orchard Printing",
            "Summit Joinery", "Coastal Turf Supplies", "Banksia Freight", "Jacaranda Pools", "Saltbush Meats",
            "Mallee Grain", "Boab Solar", "Lyrebird Roofing", "Paperbark Caravans", "Quokka Coffee"],
    "NZ": ["Kauri Coast Builders", "Rangitoto Motors", "Totara Timber", "Pohutukawa Print", "Kowhai Dairy",
           "Tui Glass", "Kea Contracting", "Harakeke Homes", "Takahe Transport", "Manuka Honey Co", "Waitemata Tiles",
           "Rimu Joinery", "Matai Electrical", "Ruru Realty"],
    "UK": ["Thames Valley Plumbing", "Cotswold Windows", "Pennine Haulage", "Severn Insurance", "Chiltern Builders",
           "Wessex Motors", "Mendip Stone", "Fenland Farms", "Solent Marine", "Weald Timber", "Downland Brewery",
           "Exmoor Feeds", "Cheviot Tractors", "Medway Print"],
    "SAF": ["Highveld Motors", "Karoo Lamb", "Drakensberg Water", "Protea Cement", "Bushveld Freight",
            "Limpopo Citrus", "Vaal Steel", "Springbok Glass", "Fynbos Gin", "Kudu Tyres"],
    "USA": ["Bluegrass Feed", "Magnolia Tack", "Everglades Fencing", "Palmetto Barns", "Sierra Hay", "Cypress Trailers",
            "Hudson Valley Hay", "Garden State Tractors", "Pine Barrens Lumber", "Catskill Saddlery", "Ontario Oats",
            "Niagara Feeds", "Great Lakes Trailers", "Jersey Shore Bedding"],
}
# Race names with no sponsor: the venue's own style.
FRENCH_TOWNS = ["Prix de Bretagne", "Prix de Lyon", "Prix du Mans", "Prix d'Avranches", "Prix de Cabourg",
                "Prix de Vire", "Prix du Calvados", "Prix de Caen", "Prix de Vichy", "Prix de Pau", "Prix de Nantes",
                "Prix de Rouen", "Prix d'Amiens", "Prix de Chartres", "Prix de Laval", "Prix de Cholet",
                "Prix de Dieppe", "Prix de Reims"]
HK_DISTRICTS = ["Kwun Tong", "Sai Kung", "Tsuen Wan", "Tai Po", "Sha Tau Kok", "Yuen Long", "Mong Kok", "Wan Chai",
                "Aberdeen", "Stanley", "Lantau", "Tuen Mun", "Sheung Wan", "Fanling"]
JPN_STAKES = ["Yayoi Sho", "Ocean Stakes", "Chunichi Shimbun Hai", "Kaminoyama Tokubetsu", "Shirafuji Stakes",
              "Wakaba Stakes", "Tsukuba Stakes", "Ichikawa Stakes"]
IND_PLATES = ["The Marine Drive Plate", "The Worli Plate", "The Colaba Plate", "The Juhu Plate", "The Malabar Hill Plate",
              "The Bandra Plate", "The Elephanta Plate", "The Powai Plate", "The Dadar Plate", "The Andheri Plate"]
KOR_NAMES = ["Busan Cup", "Han River Handicap", "Namsan Stakes", "Bukhansan Handicap", "Gwacheon Plate"]
SWE_NAMES = ["Solvallas Lopp", "Mälarlopp", "Uppsalalopp", "Sörmlandslopp", "Roslagslopp", "Gästrikelopp",
             "Bergslagslopp", "Dalalopp", "Vårloppet", "Stockholmslopp"]
US_STAKES = ["Palm Beach Stakes", "Sunshine Millions Preview", "Texas Glitter Stakes", "San Marcos Stakes",
             "Buena Vista Stakes", "Tropical Park Stakes"]
