"""The race day told from the world: each meeting of the recipe run at its venue with the runners ready in its pool,
its market framed from the runners' chances, its result drawn from the same chances, and its feed entry and card
written from all of that."""

from datetime import date, timedelta

from .rng import Generator
from .venues import (SPONSORS, FRENCH_TOWNS, HK_DISTRICTS, JPN_STAKES, IND_PLATES, KOR_NAMES, SWE_NAMES, US_STAKES,
                     LADDERS)
from .world import LADDER, on_ladder, SPELL_DAYS, draw_finish, public_chances

MARKET_OPENS = 6 * 3_600
LAST_FLUC_LEAD = 60
# Takeouts of the tote's pools (Australian TAB figures): what the pool keeps before paying out.
TAKEOUT = {"win": 0.15, "place": 0.145, "quinella": 0.175, "trifecta": 0.21}
MARGIN_WORDS = [(0.05, "NOSE"), (0.1, "SHFHD"), (0.2, "HD"), (0.3, "NK"), (0.5, "1/2 LEN"), (0.75, "3/4 LEN"),
                (1.0, "1 LEN"), (1.25, "1-1/4 LEN"), (1.5, "1-1/2 LEN"), (2.0, "2 LEN"), (2.5, "2-1/2 LEN"),
                (3.0, "3 LEN"), (4.0, "4 LEN"), (5.0, "5 LEN"), (6.0, "6 LEN")]
COLOURS = ["Red", "Royal blue", "White", "Black", "Emerald green", "Gold", "Cerise", "Navy", "Orange", "Purple",
           "Yellow", "Maroon", "Pink", "Silver", "Turquoise", "Lime"]
PATTERNS = ["hoops", "stars", "diamonds", "sash", "stripes", "spots", "chevrons", "halved", "quartered", "seams"]
GEAR = ["Blinkers", "Tongue tie", "Ear muffs", "Nose roll", "Pacifiers", "Bar plates", "Lugging bit"]
SIRES = {
    # Stallions standing where the runner was bred: Australasia and South Africa, Britain and Ireland (the jumps' own),
    # America, Japan; pacing and trotting sires apart.
    ("horse", "south"): ["Snitzel", "I Am Invincible", "Zoustar", "Written Tycoon", "Deep Field", "Pierro",
                         "Capitalist", "Savabeel", "Per Incanto", "Vercingetorix"],
    ("horse", "europe"): ["Frankel", "Dark Angel", "Kingman", "Sea The Stars", "Dubawi", "Lope De Vega"],
    ("jumps", "europe"): ["Getaway", "Walk In The Park", "Kayf Tara", "Milan", "Doyen", "Mahler"],
    ("horse", "america"): ["Into Mischief", "Justify", "Curlin", "Gun Runner", "Tapit", "Quality Road"],
    ("horse", "japan"): ["Kizuna", "Lord Kanaloa", "Epiphaneia", "Kitasan Black", "Duramente", "Deep Impact"],
    ("harness", "pace"): ["Captaintreacherous", "Art Major", "Bettors Delight", "Sweet Lou", "Somebeachsomewhere"],
    ("harness", "trot"): ["Muscle Hill", "Bold Eagle", "Ready Cash", "Love You", "Father Patrick", "Maharajah"],
    ("greyhound", None): ["Fernando Bale", "Barcia Bale", "Aston Dee", "Zambora Brock", "Kinloch Brae", "My Bro Fabio",
                          "Good Odds Harada", "Jarvis Bale"],
}


def sires_for(runner):
    """The sires a runner of its code, country and gait could be by."""
    if runner.discipline == "greyhound":
        return SIRES[("greyhound", None)]
    if runner.discipline == "harness":
        return SIRES[("harness", runner.gait)]
    if runner.discipline == "jumps":
        return SIRES[("jumps", "europe")]
    where = {"AUS": "south", "NZ": "south", "SAF": "south", "HK": "south", "IND": "europe", "UK": "europe",
             "USA": "america", "CA": "america", "JPN": "japan", "KOR": "america"}.get(runner.country, "south")
    return SIRES[("horse", where)]


def going_is_wet(going):
    return going.startswith(("Soft", "Heavy", "Yielding", "Sloppy", "Muddy", "Slow", "Wet"))


def card_date(world, day_number):
    day = date(1970, 1, 1) + timedelta(days=day_number)
    return day.strftime("%d/%m/%Y")


def price_time(index, count, start):
    """When price `index` of a trail of `count` shows, as the app's replay times it (SnapshotCardTimeline)."""
    if count <= 1:
        return start - MARKET_OPENS
    from_last = (count - 1 - index) / (count - 1)
    return start - LAST_FLUC_LEAD - (MARKET_OPENS - LAST_FLUC_LEAD) * from_last * from_last


def book(prices):
    return sum(1 / price for price in prices)


def frame(opinion, target, low=1.12, high=1.28):
    """Prices on the ladder for `opinion` (chances adding to 1), framed so backing them all costs `target` (a
    bookmaker's margin, favouring the longshots' side as books do), kept within low..high."""
    factor = target
    prices = []
    for _ in range(12):
        prices = [on_ladder(max(1.15, 1 / (chance * factor * (1.04 if chance < 0.05 else 1.0)))) for chance in opinion]
        total = book(prices)
        if low <= total <= high:
            return prices
        factor *= (low + high) / 2 / total
    return prices


def unique_favourite(prices, opinion):
    """One shortest price: of two as short, the less fancied goes out a step."""
    for _ in range(len(prices)):
        shortest = min(prices)
        tied = [index for index, price in enumerate(prices) if price == shortest]
        if len(tied) < 2:
            return prices
        drifter = min(tied, key=lambda index: (opinion[index], -index))
        prices[drifter] = LADDER[min(len(LADDER) - 1, LADDER.index(prices[drifter]) + 1)]
    return prices


def keep_framed(prices, previous, out=None, low=1.115, high=1.295):
    """The book brought within low..high a step at a time, moving the price that moves it most, never onto the
    runner's previous price or onto the favourite's (the favourite itself only shortens); `out`: a runner about to
    be scratched, the book framed with and without it."""
    for _ in range(200):
        total = book(prices)
        without = total - (1 / prices[out] if out is not None else 0)
        if without < low:
            direction = -1
        elif total > high:
            direction = 1
        else:
            return prices
        shortest = min(prices)
        best, gain = None, 0.0
        for position, price in enumerate(prices):
            # The favourite may shorten (it stays the one favourite), never lengthen.
            if position == out or (price == shortest and direction > 0):
                continue
            place = LADDER.index(price) + direction
            if not 0 <= place < len(LADDER) or LADDER[place] == previous[position]:
                continue
            if price != shortest and LADDER[place] <= shortest:
                continue
            change = abs(1 / LADDER[place] - 1 / price)
            if change > gain:
                best, gain = position, change
        if best is None:
            return prices
        prices[best] = LADDER[LADDER.index(prices[best]) + direction]
    return prices


def market(rng, chances, steps, late, late_step):
    """Each runner's fixed price at each of `steps` moves, the last the market at the jump: opinions nearer the
    runners' chances as the day goes, every runner's price moving at every step, one favourite, and the whole
    market framed at 112-128% at every step over the runners still in (a late scratching leaves between steps
    `late_step - 1` and `late_step`; the step before is framed high enough to stay framed without it)."""
    count = len(chances)
    trails = [[] for _ in range(count)]
    for step in range(steps):
        spread = 0.45 * (steps - 1 - step) / max(1, steps - 1) + 0.04
        noisy = [chance * (1 + spread * (2 * rng.unit() - 1)) for chance in chances]
        running = [index for index in range(count) if late is None or index != late or step < late_step]
        total = sum(noisy[index] for index in running)
        opinion = [noisy[index] / total for index in running]
        low = 1.12
        prices = frame(opinion, max(low + 0.01, 1.16 + rng.below(9) / 100), low=low)
        if late is not None and step == late_step - 1:
            # Framed high enough that the book stays framed once the late scratching leaves it.
            out = running.index(late)
            for _ in range(8):
                without = book(prices) - 1 / prices[out]
                if without >= 1.115:
                    break
                low += 1.115 - without + 0.005
                prices = frame(opinion, low + 0.01, low=low, high=max(1.28, low + 0.02))
        for _ in range(60):
            prices = unique_favourite(prices, opinion)
            repeats = [position for position, index in enumerate(running)
                       if trails[index] and trails[index][-1] == prices[position]]
            if not repeats:
                break
            for position in repeats:
                # Out a step: prices only lengthen here, so one favourite and a move each are both reached.
                place = LADDER.index(prices[position])
                prices[position] = LADDER[place + 1 if place < len(LADDER) - 1 else place - 1]
        previous = [trails[index][-1] if trails[index] else None for index in running]
        out = running.index(late) if late is not None and step == late_step - 1 else None
        prices = keep_framed(prices, previous, out)
        for position, index in enumerate(running):
            trails[index].append(prices[position])
        if late is not None and step >= late_step:
            # The scratched runner's price had it stayed in: shown nowhere, it is out from its scratching.
            place = LADDER.index(trails[late][-1])
            trails[late].append(LADDER[place + 1 if place < len(LADDER) - 1 else place - 1])
    return trails


def build_day(world, recipe, meetings, race_id_of, meeting_id_of):
    """Every race of the recipe's day, told from `world`: (start, race id, feed summary parts, card)."""
    seed = recipe["seed"]
    by_name = {}
    for venue in world.venues:
        by_name.setdefault((venue.name, venue.code), []).append(venue)
    told = []
    # Meetings of a pool split its riders: nobody rides at two meetings of the day.
    pool_meetings = {}
    for meeting in meetings:
        venue = pick_venue(by_name, meeting)
        pool_meetings.setdefault((venue.pool, venue.discipline), []).append((meeting, venue))
    for key in sorted(pool_meetings):
        entries = pool_meetings[key]
        rng = Generator(seed, "day", key[0], key[1])
        riders = world.riders_for(rng, key, len(entries))
        for index, (meeting, venue) in enumerate(entries):
            told += day_meeting(world, recipe, meeting, venue, riders[index], race_id_of, meeting_id_of)
    return told


def pick_venue(by_name, meeting):
    kind = meeting["category"]
    candidates = by_name.get((meeting["venue"], kind), [])
    if not candidates:
        raise SystemExit(f"make-snapshot: {meeting['venue']} ({kind}) is not a venue of the world")
    jumps = [venue for venue in candidates if venue.discipline == "jumps"]
    return jumps[0] if jumps else candidates[0]


def day_meeting(world, recipe, meeting, venue, riders, race_id_of, meeting_id_of):
    seed = recipe["seed"]
    rng = Generator(seed, "meeting", venue.name, venue.code)
    key = (venue.pool, venue.discipline)
    surfaces = sorted(venue.surfaces)
    going = {surface: world.going_for(rng, venue, surface) for surface in surfaces}
    # The meeting's main track: dirt in America, turf where a venue has it, else its one surface (an Australian or New
    # Zealand meeting on its synthetic track is drawn so, on the day as in the weeks before).
    main = "Dirt" if venue.region == "USA" and "Dirt" in surfaces else "Turf" if "Turf" in surfaces else surfaces[0]
    if venue.region in ("AUS", "NZ") and len(surfaces) > 1 and rng.chance(0.2):
        main = [surface for surface in surfaces if surface != "Turf"][0]
    wet = going_is_wet(going[main])
    weather = rng.choice(["Showers", "Overcast", "Rain"] if wet else ["Fine", "Fine", "Sunny", "Overcast", "Cloudy"])
    rail = ""
    if venue.code == "horse" and venue.region in ("AUS", "NZ") and main == "Turf":
        rail = rng.choice(["True", "True Entire Circuit", "Out 3m", "Out 4m Entire Circuit", "Out 6m from 1200m"])
    used = world.ran_today.setdefault(key, set())
    by_class = {}
    for runner in world.ready[key]:
        by_class.setdefault(runner.klass, []).append(runner)
    # Rested enough to run today though not yet due: a Saturday's fields are bigger than a weekday's.
    waiting = set(world.ready[key])
    for runner in world.runners[key]:
        if (runner.debut <= world.day_number < runner.retires and runner not in waiting and runner.starts
                and runner not in used):
            # Rested, and not sent for a spell: due back within the week.
            rest = {"greyhound": 5, "harness": 7, "horse": 14, "jumps": 21}[venue.discipline]
            if world.day_number - runner.starts[-1].race.day >= rest and runner.ready - world.day_number <= 7:
                by_class.setdefault(runner.klass, []).append(runner)
    ladder = LADDERS[(venue.region, venue.discipline if venue.discipline == "jumps" else venue.code)]
    told, names = [], set()
    sponsors = rng.shuffled(SPONSORS.get(venue.region, SPONSORS["AUS"]))
    first_race = meeting["first_race"]
    for offset, minutes in enumerate(meeting["starts"]):
        number = first_race + offset
        race = None
        for attempt in range(40):
            klass = None if attempt < 20 else rng.below(len(ladder))
            race = world.make_race(rng, venue, world.day_number, number, main, going, by_class, used, riders,
                                   is_today=True, klass=klass)
            if race is not None:
                break
        if race is None:
            raise SystemExit(f"make-snapshot: {venue.name} R{number}: not enough runners in the world")
        overrides = meeting.get("races", {}).get(str(number), {})
        start = recipe["first_start"] + round(minutes * 60) + overrides.get("start_seconds", 0)
        race_id = race_id_of(meeting, number)
        status = overrides.get("status", "Final")
        name = race_name(rng, race, sponsors, names)
        told.append(tell_race(world, seed, meeting, venue, race, start, race_id, status, name, rail, weather,
                              meeting_id_of(meeting)))
    world.ready[key] = [runner for runner in world.ready[key] if runner not in used]
    return told


def race_name(rng, race, sponsors, names):
    """The race's name in its country's style, none twice on a card."""
    venue = race.venue
    region, code = venue.region, venue.code
    label = race.label
    first = None
    for attempt in range(60):
        if region == "FR":
            name = rng.choice(FRENCH_TOWNS)
        elif region == "SWE":
            name = f"{rng.choice(SWE_NAMES)} ({label})"
        elif region == "HK":
            name = f"{rng.choice(HK_DISTRICTS)} Handicap"
        elif region == "JPN":
            name = rng.choice(JPN_STAKES) if label in ("Open", "Listed", "Grade 3") else f"{label} ({race.distance}m)"
            if attempt > 5:
                name = f"{label} ({race.distance}m {race.surface})"
        elif region == "KOR":
            name = f"{rng.choice(KOR_NAMES)}" if race.klass >= 4 else f"{label} Handicap"
            if attempt > 3:
                name = f"{label} ({race.distance}m)"
        elif region == "IND":
            name = rng.choice(IND_PLATES)
        elif region == "USA" and code == "horse":
            name = (rng.choice(US_STAKES) if label in ("Stakes", "Grade 3", "Grade 2")
                    else f"{label} {furlongs(race.distance)} {race.surface}")
        elif region == "USA" and code == "harness":
            name = f"{label} {'Trot' if race.gait == 'trot' else 'Pace'} ({rng.choice(sponsors)})"
        elif region == "USA":
            name = f"{rng.choice(SPONSORS['USA'])} {label}"
        elif code == "greyhound":
            name = f"{rng.choice(sponsors)} {label}" + ("" if region != "UK" else " Stakes")
        elif code == "harness":
            name = f"{rng.choice(sponsors)} {label} {'Trot' if race.gait == 'trot' else 'Pace'}"
        elif venue.discipline == "jumps":
            name = f"{rng.choice(sponsors)} {label}"
        elif label.startswith(("Group", "Listed")):
            name = f"{rng.choice(sponsors)} Stakes"
        elif label.startswith("Maiden"):
            name = f"{rng.choice(sponsors)} Maiden Plate" if region != "UK" else f"{rng.choice(sponsors)} {label}"
        else:
            name = f"{rng.choice(sponsors)} {label}" + ("" if label.endswith(("Handicap", "Stakes")) else " Handicap")
        if name not in names:
            names.add(name)
            return name
        first = first or name
    # A second race of the same conditions is a division of it, as a race split for its entries is.
    division = 2
    while f"{first} (Div {division})" in names:
        division += 1
    name = f"{first} (Div {division})"
    names.add(name)
    return name


def furlongs(metres):
    eighths = round(metres / 201.168 * 2) / 2
    whole = int(eighths)
    return f"{whole}F" if eighths == whole else f"{whole} 1/2F"


def tell_race(world, seed, meeting, venue, race, start_time, race_id, status, name, rail, weather, meeting_id):
    """The race's feed entry (name, distance, going, weather, comment, class and prize money) and its card (the
    field with form, prices and result), all from the world."""
    rng = Generator(seed, "race", venue.name, venue.code, race.number)
    discipline = venue.discipline
    entrants = race.starts
    # Numbers: by weight in Australasian, British and other handicapping countries' gallops (top weight 1); by the
    # draw in America and Japan, by box or barrier in the other codes.
    if discipline in ("horse", "jumps") and venue.region not in ("USA", "JPN"):
        entrants.sort(key=lambda e: (-(e.weight or 0), e.runner.name))
    else:
        entrants.sort(key=lambda e: (e.barrier or 0, e.runner.name))
    for number, entrant in enumerate(entrants, start=1):
        entrant.number = entrant.barrier if discipline == "greyhound" else number
    # Scratchings before the market opens, and sometimes one late (a longshot, so the book stays framed).
    scratched = set()
    if len(entrants) > 6 and rng.chance(0.35):
        scratched.add(rng.below(len(entrants)))
    field = [index for index in range(len(entrants)) if index not in scratched]
    chances_all = world.chances(race)
    total = sum(chances_all[index] for index in field)
    chances = [chances_all[index] / total for index in field]
    public_all = public_chances(race, chances_all)
    total = sum(public_all[index] for index in field)
    public = [public_all[index] / total for index in field]
    late = late_step = None
    steps = rng.between(3, 6)
    if len(field) > 6 and rng.chance(0.3) and status != "Abandoned":
        longshots = [position for position, chance in enumerate(public) if chance < 0.05]
        if longshots:
            late = rng.choice(longshots)
            late_step = rng.between(1, steps - 1)
    trails = market(rng, public, steps, late, late_step) if status != "Abandoned" else None
    running = [position for position in range(len(field)) if position != late]
    order, gaps = [], []
    if status == "Final":
        order, gaps = draw_finish(rng, running, chances)
    favourite = min(running, key=lambda p: (trails[p][-1], p)) if trails else None
    opened_favourite = min(running, key=lambda p: (trails[p][0], p)) if trails else None
    runners = []
    for index, entrant in enumerate(entrants):
        runner = entrant.runner
        card = {"name": runner.name, "runner_number": entrant.number}
        if entrant.barrier is not None:
            card["barrier"] = entrant.barrier
        if entrant.rider:
            card["driver" if venue.code == "harness" else "jockey"] = entrant.rider
        card["trainer_name"] = runner.trainer
        if entrant.weight is not None:
            card["weight"] = {"allocated": f"{entrant.weight:g}", "total": None}
        position = field.index(index) if index in field else None
        if position is None:
            card["is_scratched"] = True
        elif trails:
            trail = trails[position]
            card["odds"] = {"fixed_win": trail[-1]}
            if len(running) > 4:
                card["odds"]["fixed_place"] = place_price(trail[-1], len(running))
            card["flucs"] = trail
            if position == late:
                card["is_late_scratched"] = True
                card["scr_time"] = int(round((price_time(late_step - 1, steps, start_time)
                                              + price_time(late_step, steps, start_time)) / 2))
            if position == favourite:
                card["favourite"] = True
            tote(card, public[position], rng, len(running))
        if discipline == "harness" and not race.standing and entrant.barrier is not None:
            card["barrier_position"] = f"Fr{entrant.barrier}" if entrant.barrier <= 8 else f"Sr{entrant.barrier - 8}"
        form_of(world, card, entrant, race, discipline)
        runners.append(card)
    if discipline != "greyhound":
        speed_map(runners, entrants)
    lanes = {card["runner_number"]: card.get("speedmap", {}).get("label") for card in runners}
    results, dividends = [], []
    if order:
        # The money on the runners that ran: a late scratching's share goes back to the pools.
        ran = sum(public[position] for position in running)
        results, dividends = result(order, gaps, field, entrants, [chance / ran for chance in public], len(running))
        final_tote(runners, dividends)
    card = {"data": {"race": {"id": race_id, "race_number": race.number, "status": status,
                              "advertised_start": start_time,
                              "type": {"horse": "T", "greyhound": "G", "harness": "H"}[venue.code]},
                     "runners": runners, "results": results, "dividends": dividends}}
    comment = tipster(rng, race, entrants, field, running, opened_favourite, lanes)
    info = {"class": race.short, "prizemonies": prizes(race.prize), "rail_position": rail,
            "start_type": ("Standing" if race.standing else "Mobile") if discipline == "harness" else ""}
    return {"start": start_time, "race_id": race_id, "name": name, "number": race.number, "meeting": meeting, "distance": race.distance,
            "going": compact_going(race.going, venue), "weather": weather, "comment": comment, "info": info,
            "card": card, "meeting_id": meeting_id}


def compact_going(going, venue):
    """The feed writes a rated going without its space (`Good4`), as Neds' feeds do."""
    return going.replace(" ", "") if going[-1:].isdigit() else going


def prizes(total):
    return {"1st": total * 6 // 10, "2nd": total * 2 // 10, "3rd": total // 10, "total_value": total}


def margin_words(gap):
    return next((words for length, words in MARGIN_WORDS if gap <= length), f"{gap:g} LEN")


def harville(chances, picks):
    """The chance that `picks` fill the first places in that order, each place taken by chance among those left."""
    chance, left = 1.0, 1.0
    for pick in picks:
        chance *= chances[pick] / left
        left -= chances[pick]
    return chance


def round_down(value, step=0.1):
    return max(1.0, int(value / step + 1e-9) * step)


def result(order, gaps, field, entrants, chances, starters):
    """The placings and the tote's dividends: win, place as the field pays them (none for 4 starters or fewer, two
    places up to 7, three from 8), quinella and trifecta, each from its pool's takeout and the runners' chances."""
    numbers = [entrants[field[position]].number for position in order]
    names = [entrants[field[position]].runner.name for position in order]
    results = []
    for place in range(min(4, len(order))):
        entry = {"position": place + 1, "name": names[place], "runner_number": numbers[place]}
        barrier = entrants[field[order[place]]].barrier
        if barrier is not None:
            entry["barrier"] = barrier
        if place > 0:
            entry["positional_margin"] = margin_words(gaps[place - 1])
        results.append(entry)
    pays = [("Win", [numbers[0]], round_down((1 - TAKEOUT["win"]) / chances[order[0]]))]
    places = 0 if starters <= 4 else 2 if starters <= 7 else 3
    if places:
        top = {position: 0.0 for position in order}
        for first in order:
            for second in order:
                if second == first:
                    continue
                if places == 2:
                    chance = harville(chances, [first, second])
                    top[first] += chance
                    top[second] += chance
                    continue
                for third in order:
                    if third in (first, second):
                        continue
                    chance = harville(chances, [first, second, third])
                    for position in (first, second, third):
                        top[position] += chance
        shares = {position: top[position] / places for position in order}
        placed = order[:places]
        left = (1 - TAKEOUT["place"]) - sum(shares[position] for position in placed)
        win = pays[0][2]
        for position in placed:
            place = max(1.04, round_down(1 + left / (places * shares[position])))
            # The winner's place pays no more than its win: its place pool money is spread over the placed.
            pays.append(("Place", [numbers[order.index(position)]], min(place, win) if position == order[0] else place))
    quinella = harville(chances, order[:2]) + harville(chances, [order[1], order[0]])
    pays.append(("Quinella", sorted(numbers[:2]), round_down((1 - TAKEOUT["quinella"]) / quinella)))
    if len(order) >= 3:
        pays.append(("Trifecta", numbers[:3], round_down((1 - TAKEOUT["trifecta"]) / harville(chances, order[:3]))))
    dividends = []
    for bet, runners, amount in pays:
        for when in ("Interim", "Final"):
            dividends.append({"product_name": f"Pool {bet}", "status": when, "dividend": round(amount, 2),
                              "description": ":".join(str(n) for n in runners)})
    return results, dividends


def tote(card, chance, rng, starters):
    """The tote's prices: the pool less its takeout over the money on the runner (its chance, as the crowd sees it)."""
    crowd = chance * (0.9 + rng.below(21) / 100)
    win = round_down((1 - TAKEOUT["win"]) / crowd)
    card["odds"]["pool_win"] = round(win, 1)
    card["odds"]["pool_place"] = round(round_down(1 + (win - 1) / (3.6 if starters >= 8 else 2.6)), 1)


def final_tote(runners, dividends):
    """The tote's prices once the race is final, as the card then shows them: the winner's win and each placed
    runner's place are what the pools paid."""
    by_number = {card["runner_number"]: card for card in runners}
    for dividend in dividends:
        bet = dividend["product_name"]
        if dividend["status"] != "Final" or bet not in ("Pool Win", "Pool Place"):
            continue
        card = by_number.get(int(dividend["description"]))
        if card is not None and "odds" in card:
            card["odds"]["pool_win" if bet == "Pool Win" else "pool_place"] = dividend["dividend"]


def speed_map(runners, entrants):
    """Where each runner settles, from its racing style and its draw: the leader furthest from the back."""
    running = [(card, entrant) for card, entrant in zip(runners, entrants)
               if not card.get("is_scratched") and not card.get("is_late_scratched")]
    rank = {"lead": 0, "handy": 1, "midfield": 2, "back": 3}
    order = sorted(running, key=lambda pair: (rank[pair[1].runner.style], pair[1].barrier or 0, pair[0]["runner_number"]))
    leaders = 2 if len(order) >= 12 else 1
    backs = 3 if len(order) >= 12 else 2
    lengths = 0
    count = len(order)
    for position, (card, entrant) in enumerate(reversed(order)):  # from the back
        lengths += 0 if position == 0 else (1 if position < count - 1 else 2)
        label = ("Back Marker" if position < backs else "Front Runner" if position >= count - leaders
                 else "Midfield")
        card["speedmap"] = {"label": label, "settling_lengths": lengths}


def place_price(win, runners):
    """As the app's PriceLadder.placePrice: a fifth of the odds for three places, about an eighth for two."""
    fraction = 5.0 if runners >= 8 else 7.5
    if win > 20:
        fraction *= 1 + (win - 20) / 80
    value = 1 + (win - 1) / fraction
    step = ladder_step(value)
    return round(max(1.01, int(value / step + 1e-9) * step), 2)


def ladder_step(price):
    for below, step in ((2, 0.01), (3, 0.05), (4, 0.1), (5, 0.2), (10, 0.5)):
        if price < below:
            return step
    return 1


def figures(runner, today):
    """The form figures, oldest first: each start's place (0 for tenth or worse), an X where a spell came between
    two starts, and one at the end where today's is the first start back from a spell."""
    text, previous = "", None
    for start in runner.starts:
        if previous is not None and start.race.day - previous >= SPELL_DAYS and runner.discipline != "greyhound":
            text += "X"
        text += str(start.finish) if start.finish <= 9 else "0"
        previous = start.race.day
    if previous is not None and today - previous >= SPELL_DAYS and runner.discipline != "greyhound":
        text += "X"
    return text[-10:]


def going_kind(going):
    """good, soft or heavy for a rated going (Good 4, Soft 6, Heavy 8); None for any other."""
    word = going.split(" ")[0]
    return {"Good": "good", "Soft": "soft", "Heavy": "heavy"}.get(word) if going[-1:].isdigit() else None


def records(runner, race):
    """Every record a card carries, counted from the runner's starts: the career, this track, this distance, both,
    the going (rated goings), and first and second up (a preparation's first two starts: after a spell, or the
    first two of a career)."""
    kinds = {}

    def count(kind, start):
        record = kinds.setdefault(kind, [0, 0, 0, 0])
        record[0] += 1
        if start.finish <= 3:
            record[start.finish] += 1

    previous = None
    up = 0
    for start in runner.starts:
        gap = None if previous is None else start.race.day - previous
        up = 1 if gap is None or gap >= SPELL_DAYS else up + 1
        count("overall", start)
        same_track = start.race.venue.name == race.venue.name
        same_distance = start.race.distance == race.distance
        if same_track:
            count("track", start)
        if same_distance:
            count("distance", start)
        if same_track and same_distance:
            count("track_distance", start)
        kind = going_kind(start.race.going)
        if kind:
            count(kind, start)
        # A preparation's first start (a debut too) is first up; the start after it, second up.
        if up == 1:
            count("first_up", start)
        if up == 2:
            count("second_up", start)
        previous = start.race.day
    kinds.setdefault("overall", [0, 0, 0, 0])
    return {kind: {"number_of_starts": r[0], "number_of_wins": r[1], "number_of_seconds": r[2],
                   "number_of_thirds": r[3]} for kind, r in kinds.items()}


def age_on(runner, today):
    """Age as racing counts it: from 1 August in the south, 1 January in the north (dogs from their whelping)."""
    born = runner.foaled
    if runner.discipline == "greyhound":
        return (today - born).days // 365
    if runner.country in ("AUS", "NZ", "SAF"):
        season = lambda day: day.year if day.month >= 8 else day.year - 1
        return season(today) - season(born)
    return today.year - born.year


def sex_of(runner, age):
    if runner.discipline == "greyhound":
        return "b" if runner.female else "d"
    if runner.female:
        return "f" if age <= 3 and runner.discipline != "harness" else "m"
    if runner.gelded:
        return "g"
    return "c" if age <= 3 and runner.discipline != "harness" else "h"


def form_of(world, card, entrant, race, discipline):
    runner = entrant.runner
    card["last_twenty_starts"] = figures(runner, race.day)
    last = []
    for start in reversed(runner.starts[-5:]):
        past = start.race
        winner = next(s for s in past.starts if s.finish == 1).runner.name
        line = {"date": card_date(world, past.day), "track": past.venue.name, "distance": str(past.distance),
                "track_condition": past.going, "finish": str(start.finish),
                "number_of_runners": str(len(past.starts)), "margin": f"{start.behind:.2f}",
                "starting_price": f"{start.price:.2f}", "winner": winner}
        if start.barrier is not None:
            line["barrier"] = str(start.barrier)
        if start.weight is not None:
            line["weight_carried"] = f"{start.weight:g}"
        if start.rider:
            line["jockey"] = start.rider
        last.append(line)
    if last:
        card["last_starts"] = last
    card.update(records(runner, race))
    today = date(1970, 1, 1) + timedelta(days=race.day)
    age = age_on(runner, today)
    card["age"] = age
    card["sex"] = sex_of(runner, age)
    card["colour"] = runner.colour
    rng = Generator(world.seed, "looks", runner.name)
    card["sire"] = rng.choice(sires_for(runner))
    card["dam"] = world.dam_name(runner)
    if discipline != "greyhound":
        card["silk_colours"] = (f"{rng.choice(COLOURS)} & {rng.choice(COLOURS).lower()} {rng.choice(PATTERNS)}, "
                                f"{rng.choice(COLOURS).lower()} sleeves & cap")
        if rng.chance(0.2):
            card["gear"] = rng.choice(GEAR)


def tipster(rng, race, entrants, field, running, favourite, lanes):
    """Two to four runners and a word on each that the world bears out (their form, their trip, their class, the
    market), as tipsters write them; nothing said of two runners."""
    said, lines = set(), []
    candidates = rng.shuffled([field[position] for position in running])
    favourite_index = field[favourite] if favourite is not None else None
    for index in candidates:
        entrant = entrants[index]
        words = fitting_words(entrant, race, index == favourite_index, lanes.get(entrant.number))
        words = [w for w in words if w not in said]
        if not words:
            continue
        chosen = words[0]
        said.add(chosen)
        lines.append(f"{entrant.runner.name.upper()} ({entrant.number}) {chosen}.")
        if len(lines) >= 2 + rng.below(3):
            break
    return " ".join(lines)


def fitting_words(entrant, race, is_favourite, lane):
    runner = entrant.runner
    starts = runner.starts
    if not starts:
        return ["is having its first start"]
    last = starts[-1]
    words = []
    if race.day - last.race.day >= SPELL_DAYS and runner.discipline != "greyhound":
        words.append("resumes from a spell")
    if last.finish == 1:
        words.append("won last start and goes around again in form")
    elif len(starts) >= 2 and starts[-2].finish == 1:
        words.append("won two starts back and gets its chance to add another")
    if is_favourite:
        words.append("opened favourite and looks the one to beat")
    step = 50 if runner.discipline == "greyhound" else 200
    if race.distance >= last.race.distance + step:
        words.append("steps up in distance")
    elif race.distance <= last.race.distance - step:
        words.append("drops back in distance")
    if last.race.klass > race.klass:
        words.append("drops in class")
    if sum(1 for s in starts[-4:] if s.finish <= 3) >= 2:
        words.append("is consistent and will be thereabouts again")
    if 2 <= last.finish <= 5 and last.behind <= 1.5:
        words.append(f"was beaten {last.behind:g} lengths last start")
    if lane == "Front Runner":
        words.append("has the early speed to lead")
    return words
