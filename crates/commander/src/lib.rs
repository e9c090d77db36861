//! XCOM Enemy Eternal – Commander 2.1 for squadsight: a 2D6 roll-under wargame with dice-bag
//! activation, typed (PEP-EP) damage, AI cards for solo play, battles and campaigns.
