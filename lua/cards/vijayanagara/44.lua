-- Card 44 of the darbar default deck (original, not the published cards): deck file §3.
-- A Mongol Invasion card: no faction order, no Stay Eligible, no script. The core carries
-- out §2.4 with the faction named here operating the Mongols.
return {
    number = 44,
    title = "Tarmashirin's Raid (c. 1327)",
    faction = "VN",
    text = "Strategic Aid: the named faction carries out 2 Mongol commands (§2.4.1, §3.5); the same command may be chosen twice. Gift of Compromise: that faction may then shift its own Influence −1 to gain 2 Resources and 2 cavalry, if its Influence is at least 1 (§2.4.2, OQ-25).",
}
