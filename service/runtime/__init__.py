"""What a running server adds around the ledger: the bots' runner, the clock scheduler and the timer loop they
share, the leader lock that runs them once per store, and the follower that hears other processes' commits.

The event-sourced core (the aggregate, the application, the chain, the store and its grouped appends) is
service/ledger; nothing there imports this package.
"""
